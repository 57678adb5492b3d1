import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { Context } from '../agents/context.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { createLlmRequest, getFunctionDeclarations } from '../models/llm-request.js'
import { isBaseTool } from './base-tool.js'
import { ExitLoopTool, exitLoop } from './exit-loop-tool.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function toolContext(): Promise<Context> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'user' })
  const agent = new QuietAgent({ name: 'looper' })
  return new Context({
    invocationContext: new InvocationContext({ invocationId: 'e-1', agent, session, sessionService }),
    functionCallId: 'c1',
  })
}

describe('exitLoop', () => {
  it('is the exit_loop tool with ADK description and no parameters', () => {
    expect(exitLoop).toBeInstanceOf(ExitLoopTool)
    expect(isBaseTool(exitLoop)).toBe(true)
    expect(exitLoop.name).toBe('exit_loop')
    expect(exitLoop.isLongRunning).toBe(false)
    expect(exitLoop.getDeclaration()).toEqual({
      name: 'exit_loop',
      description: 'Exits the loop.\n\nCall this function only when you are instructed to do so.',
    })
  })

  it('escalates, skips summarization and returns an empty string', async () => {
    const context = await toolContext()
    expect(await exitLoop.runAsync({ args: {}, toolContext: context })).toBe('')
    expect(context.actions.escalate).toBe(true)
    expect(context.actions.skipSummarization).toBe(true)
    expect(context.actions.transferToAgent).toBeUndefined()
    expect(context.actions.stateDelta).toEqual({})
  })

  it('adds its declaration to a request', async () => {
    const request = createLlmRequest()
    await exitLoop.processLlmRequest({ toolContext: await toolContext(), llmRequest: request })
    expect(request.toolsDict['exit_loop']).toBe(exitLoop)
    expect(getFunctionDeclarations(request).map((declaration) => declaration.name)).toEqual(['exit_loop'])
  })
})
