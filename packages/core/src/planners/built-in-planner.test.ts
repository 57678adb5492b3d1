import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { Context } from '../agents/context.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { createLlmRequest } from '../models/llm-request.js'
import { isBasePlanner } from './base-planner.js'
import { BuiltInPlanner } from './built-in-planner.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function callbackContext(): Promise<Context> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'user' })
  const agent = new QuietAgent({ name: 'thinker' })
  return new Context({
    invocationContext: new InvocationContext({ invocationId: 'e-1', agent, session, sessionService }),
  })
}

describe('BuiltInPlanner (spec 10.14 #125)', () => {
  it('sets the thinking config on the request, keeping the rest of the config', () => {
    const planner = new BuiltInPlanner({ thinkingConfig: { includeThoughts: true } })
    const request = createLlmRequest('gemini-2.5-flash')
    request.config.temperature = 0.2
    planner.applyThinkingConfig(request)
    expect(request.config).toEqual({ temperature: 0.2, thinkingConfig: { includeThoughts: true } })
    expect(isBasePlanner(planner)).toBe(true)
  })

  it('adds no planning text and leaves responses unchanged', async () => {
    const planner = new BuiltInPlanner({ thinkingConfig: { thinkingBudget: 0 } })
    const context = await callbackContext()
    expect(planner.buildPlanningInstruction(context, createLlmRequest())).toBeUndefined()
    expect(
      planner.processPlanningResponse(context, [{ text: 'thinking', thought: true }, { text: 'answer' }]),
    ).toBeUndefined()
  })
})
