import { describe, expect, it } from 'vitest'
import { InMemoryRunner, type InvocationHooks, type StepCallInfo } from '@adk-fluent/core'
import { RemoteA2aAgent } from './remote-a2a-agent.js'
import { sdkRemotes } from './sdk-remote.test-helper.js'

const remote = sdkRemotes()

/** Hooks that record each step's result the first time and return the recorded result afterwards (as a durable run does). */
function recordingHooks(recorded: Map<string, unknown>, seen: StepCallInfo[]): InvocationHooks {
  return {
    runStep: async (info, call) => {
      seen.push(info)
      const key = `${info.branch ?? ''}/${info.agentName}/${info.name}`
      if (!recorded.has(key)) recorded.set(key, await call())
      return recorded.get(key)
    },
  }
}

describe("a remote agent's call is a step of the invocation", () => {
  it('goes through the hooks: a re-execution with a recorded answer does not call the remote again', async () => {
    let calls = 0
    const pricer = await remote(() => ({ text: `price #${++calls}`, data: { price: 42 } }))
    const agent = new RemoteA2aAgent({ name: 'pricer', agent: pricer.url, receives: ['price'] })
    const recorded = new Map<string, unknown>()
    const seen: StepCallInfo[] = []
    const answers: string[] = []
    for (const sessionId of ['first', 'again']) {
      const runner = new InMemoryRunner({ agent, appName: 'shop' })
      await runner.sessionService.createSession({ appName: 'shop', userId: 'u', sessionId })
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId,
        newMessage: { role: 'user', parts: [{ text: 'how much?' }] },
        hooks: recordingHooks(recorded, seen),
      })) {
        if (event.author === 'pricer') {
          answers.push(event.content?.parts?.[0]?.text ?? '')
          expect(event.actions.stateDelta).toEqual({ price: 42 })
        }
      }
    }
    expect(pricer.received).toHaveLength(1)
    expect(answers).toEqual(['price #1', 'price #1'])
    expect(seen).toEqual([
      { agentName: 'pricer', branch: undefined, name: 'a2a' },
      { agentName: 'pricer', branch: undefined, name: 'a2a' },
    ])
  })

  it('without hooks it just calls', async () => {
    const server = await remote(() => ({ text: 'hello' }))
    const agent = new RemoteA2aAgent({ name: 'plain', agent: server.url })
    const runner = new InMemoryRunner({ agent, appName: 'plain' })
    await runner.sessionService.createSession({ appName: 'plain', userId: 'u', sessionId: 's' })
    const texts: string[] = []
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text: 'hi' }] },
    }))
      texts.push(event.content?.parts?.[0]?.text ?? '')
    expect(texts).toEqual(['hello'])
    expect(server.received).toHaveLength(1)
  })
})
