import { describe, expect, it } from 'vitest'
import { InvocationContext } from './invocation-context.js'
import { SequentialAgent } from './sequential-agent.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { MaxTurnsError } from '../errors/runtime-errors.js'

async function context(maxLlmCalls: number): Promise<InvocationContext> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'u' })
  return new InvocationContext({
    invocationId: 'e-1',
    agent: new SequentialAgent({ name: 'root' }),
    session,
    sessionService,
    runConfig: { maxLlmCalls },
  })
}

describe('InvocationContext.clone', () => {
  it('overrides session, temp state, branch and abort signal but shares the call counters', async () => {
    const original = await context(2)
    const other = await context(2)
    const controller = new AbortController()
    const temp = { 'temp:x': 1 }
    const copy = original.clone({
      session: other.session,
      tempState: temp,
      branch: 'a.b',
      abortSignal: controller.signal,
    })
    expect(copy.session).toBe(other.session)
    expect(copy.tempState).toBe(temp)
    expect(copy.branch).toBe('a.b')
    expect(copy.abortSignal).toBe(controller.signal)
    expect(copy.invocationId).toBe('e-1')
    original.incrementLlmCallCount()
    copy.incrementLlmCallCount()
    expect(() => original.incrementLlmCallCount()).toThrow(MaxTurnsError)
    expect(() => original.incrementLlmCallCount()).toThrow('Max number of llm calls limit of 2 exceeded')
  })

  it('keeps everything but the agent by default', async () => {
    const original = await context(5)
    original.branch = 'p.q'
    const agent = new SequentialAgent({ name: 'child' })
    const copy = original.clone({ agent })
    expect(copy.agent).toBe(agent)
    expect(copy.branch).toBe('p.q')
    expect(copy.session).toBe(original.session)
    expect(copy.tempState).toBe(original.tempState)
    expect(copy.endInvocation).toBe(false)
  })
})
