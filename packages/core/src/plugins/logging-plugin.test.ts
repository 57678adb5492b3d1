import { describe, expect, it, vi } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { Context } from '../agents/context.js'
import { InvocationContext } from '../agents/invocation-context.js'
import { createEvent, type Event } from '../events/event.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { createLlmRequest } from '../models/llm-request.js'
import { FunctionTool } from '../tools/function-tool.js'
import { LoggingPlugin } from './logging-plugin.js'
import type { LogRecord } from './log-record.js'
import { PluginManager } from './plugin-manager.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function contexts() {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'user', sessionId: 's-1' })
  const agent = new QuietAgent({ name: 'root' })
  const invocationContext = new InvocationContext({ invocationId: 'e-1', agent, session, sessionService })
  return { agent, invocationContext, context: new Context({ invocationContext, functionCallId: 'c1' }) }
}

describe('LoggingPlugin', () => {
  it('logs one line per hook through the injected log and never changes the run', async () => {
    const lines: string[] = []
    const plugin = new LoggingPlugin(undefined, { log: (line) => lines.push(line) })
    const { agent, invocationContext, context } = await contexts()
    const tool = new FunctionTool({ name: 'add', description: 'Adds.', execute: () => 3 })
    const llmRequest = createLlmRequest('gemini-2.5-flash')
    llmRequest.contents.push({ role: 'user', parts: [{ text: 'hi' }] })
    llmRequest.toolsDict['add'] = tool
    const event = createEvent({
      id: 'ev-1',
      invocationId: 'e-1',
      author: 'root',
      content: { role: 'model', parts: [{ functionCall: { name: 'add', args: { a: 1 } } }] },
      actions: { stateDelta: { total: 3 } },
    })
    const results = [
      await plugin.onUserMessageCallback({ invocationContext, userMessage: { role: 'user', parts: [{ text: 'hi' }] } }),
      await plugin.beforeRunCallback({ invocationContext }),
      await plugin.beforeAgentCallback({ agent, callbackContext: context }),
      await plugin.beforeModelCallback({ callbackContext: context, llmRequest }),
      await plugin.afterModelCallback({
        callbackContext: context,
        llmResponse: { content: { role: 'model', parts: [{ text: 'plan', thought: true }, { text: 'done' }] } },
      }),
      await plugin.onModelErrorCallback({ callbackContext: context, llmRequest, error: new Error('quota') }),
      await plugin.beforeToolCallback({ tool, toolArgs: { a: 1 }, toolContext: context }),
      await plugin.afterToolCallback({ tool, toolArgs: { a: 1 }, toolContext: context, result: { result: 3 } }),
      await plugin.onToolErrorCallback({ tool, toolArgs: { a: 1 }, toolContext: context, error: new Error('boom') }),
      await plugin.onEventCallback({ invocationContext, event }),
      await plugin.afterAgentCallback({ agent, callbackContext: context }),
      await plugin.afterRunCallback({ invocationContext }),
    ]
    expect(results.every((result) => result === undefined)).toBe(true)
    expect(lines).toEqual([
      '[logging_plugin] user_message invocation=e-1 agent=root content="hi"',
      '[logging_plugin] before_run invocation=e-1 agent=root session=s-1 user=user',
      '[logging_plugin] before_agent invocation=e-1 agent=root',
      '[logging_plugin] before_model invocation=e-1 agent=root model=gemini-2.5-flash contents=1 tools=add',
      '[logging_plugin] after_model invocation=e-1 agent=root content="(thought) plan | done"',
      '[logging_plugin] model_error invocation=e-1 agent=root error=quota',
      '[logging_plugin] before_tool invocation=e-1 agent=root tool=add callId=c1 args={"a":1}',
      '[logging_plugin] after_tool invocation=e-1 agent=root tool=add callId=c1 result={"result":3}',
      '[logging_plugin] tool_error invocation=e-1 agent=root tool=add callId=c1 error=boom',
      '[logging_plugin] event invocation=e-1 id=ev-1 author=root content="call add({\\"a\\":1})" stateDelta=total',
      '[logging_plugin] after_agent invocation=e-1 agent=root',
      '[logging_plugin] after_run invocation=e-1 agent=root',
    ])
  })

  it('cuts long values and uses its name as the prefix', async () => {
    const lines: string[] = []
    const plugin = new LoggingPlugin('audit', { log: (line) => lines.push(line), maxValueLength: 5 })
    const { invocationContext } = await contexts()
    await plugin.onUserMessageCallback({
      invocationContext,
      userMessage: { role: 'user', parts: [{ text: 'abcdefgh' }] },
    })
    expect(lines).toEqual(['[audit] user_message invocation=e-1 agent=root content="abcde…"'])
  })

  it('lets later plugins run (it never returns a value)', async () => {
    const plugin = new LoggingPlugin('logging_plugin', { log: () => {} })
    const { context } = await contexts()
    const manager = new PluginManager([plugin])
    expect(
      await manager.run('beforeToolCallback', {
        tool: new FunctionTool({ name: 't', description: '', execute: () => 1 }),
        toolArgs: {},
        toolContext: context,
      }),
    ).toBeUndefined()
  })

  it('with a sink, sends one structured record per model request, response and error, and no lines', async () => {
    const lines: string[] = []
    const records: LogRecord[] = []
    const plugin = new LoggingPlugin('m_log', {
      log: (line) => lines.push(line),
      sink: (record) => records.push(record),
    })
    const { agent, invocationContext, context } = await contexts()
    const llmRequest = createLlmRequest('gemini-2.5-flash')
    llmRequest.contents.push({ role: 'user', parts: [{ text: 'my secret prompt' }] })
    await plugin.beforeRunCallback({ invocationContext })
    await plugin.beforeAgentCallback({ agent, callbackContext: context })
    await plugin.beforeModelCallback({ callbackContext: context, llmRequest })
    await plugin.afterModelCallback({
      callbackContext: context,
      llmResponse: { content: { role: 'model', parts: [{ text: 'secret answer' }] } },
    })
    await plugin.onModelErrorCallback({
      callbackContext: context,
      llmRequest,
      error: new Error('refused Bearer abc.def'),
    })
    expect(lines).toEqual([])
    expect(records).toEqual([
      { kind: 'model-request', agent: 'root', model: 'gemini-2.5-flash', invocationId: 'e-1', contents: 1, tools: [] },
      {
        kind: 'model-response',
        agent: 'root',
        model: 'gemini-2.5-flash',
        invocationId: 'e-1',
        textLength: 13,
        functionCalls: [],
      },
      {
        kind: 'model-error',
        agent: 'root',
        model: 'gemini-2.5-flash',
        invocationId: 'e-1',
        errorCode: 'UNKNOWN_ERROR',
        message: 'refused Bearer [redacted]',
      },
    ])
    expect(JSON.stringify(records)).not.toContain('secret')
  })

  it('writes to console.log by default', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const { invocationContext } = await contexts()
    await new LoggingPlugin().afterRunCallback({ invocationContext })
    expect(log).toHaveBeenCalledWith('[logging_plugin] after_run invocation=e-1 agent=root')
  })
})
