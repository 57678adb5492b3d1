import { describe, expect, it } from 'vitest'
import type { InvocationHooks, ToolCallInfo, ToolCallOutcome } from '../agents/invocation-hooks.js'
import { LlmAgent } from '../agents/llm-agent.js'
import type { Event } from '../events/event.js'
import type { LlmResponse } from '../models/llm-response.js'
import { FunctionTool } from '../tools/function-tool.js'
import { InternalError } from '../errors/runtime-errors.js'
import { SessionStoreError } from '../errors/session-errors.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { APP_NAME, USER_ID, userText } from '../testing/harness.test-helper.js'
import { InMemoryRunner } from './in-memory-runner.js'

async function collect(generator: AsyncGenerator<Event, void, undefined>): Promise<Event[]> {
  const events: Event[] = []
  for await (const event of generator) events.push(event)
  return events
}

function setup() {
  const seen: string[] = []
  const tool = new FunctionTool({
    name: 'charge',
    description: 'Charges the card.',
    execute: (_args: Record<string, unknown>, context) => {
      seen.push(context.idempotencyKey ?? 'none')
      context.state.set('charged', true)
      return { ok: true }
    },
  })
  const llm = new ScriptedLlm([call('charge', {}), 'done'])
  const agent = new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] })
  const runner = new InMemoryRunner({ agent, appName: APP_NAME })
  return { seen, llm, runner }
}

describe('InvocationHooks', () => {
  it('wrap every model and tool call, stamp every event and name function calls; the tool gets its idempotency key', async () => {
    const { seen, llm, runner } = setup()
    await runner.sessionService.createSession({ appName: APP_NAME, userId: USER_ID, sessionId: 's' })
    const modelCalls: string[] = []
    const toolCalls: ToolCallInfo[] = []
    let counter = 0
    const hooks: InvocationHooks = {
      runModelCall: (info, run) => {
        modelCalls.push(info.agentName)
        return run()
      },
      runToolCall: (info, run) => {
        toolCalls.push(info)
        return run()
      },
      stampEvent: (event) => {
        event.id = `ev-${counter++}`
        event.timestamp = 1000 + counter
      },
      newFunctionCallId: () => 'adk-fixed-1',
    }
    const events = await collect(
      runner.runAsync({ userId: USER_ID, sessionId: 's', newMessage: userText('go'), invocationId: 'e-run-1', hooks }),
    )
    expect(events.map((event) => event.id)).toEqual(['ev-1', 'ev-2', 'ev-3'])
    expect(modelCalls).toEqual(['root_agent', 'root_agent'])
    expect(toolCalls).toEqual([
      {
        agentName: 'root_agent',
        branch: undefined,
        toolName: 'charge',
        functionCallId: 'adk-fixed-1',
        idempotencyKey: 'e-run-1/adk-fixed-1',
      },
    ])
    expect(seen).toEqual(['e-run-1/adk-fixed-1'])
    expect(llm.requests).toHaveLength(2)
    const session = await runner.sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId: 's' })
    expect(session?.events.map((event) => [event.id, event.timestamp, event.invocationId])).toEqual([
      ['ev-0', 1001, 'e-run-1'],
      ['ev-1', 1002, 'e-run-1'],
      ['ev-2', 1003, 'e-run-1'],
      ['ev-3', 1004, 'e-run-1'],
    ])
    expect(session?.state['charged']).toBe(true)
  })

  it('a hook that returns recorded outcomes replaces the model and the tool, and the recorded actions still apply', async () => {
    const { seen, llm, runner } = setup()
    await runner.sessionService.createSession({ appName: APP_NAME, userId: USER_ID, sessionId: 's' })
    const recordedModel: LlmResponse[][] = [
      [{ content: { role: 'model', parts: [{ functionCall: { id: 'adk-r', name: 'charge', args: {} } }] } }],
      [{ content: { role: 'model', parts: [{ text: 'recorded answer' }] } }],
    ]
    const recordedTool: ToolCallOutcome = {
      result: { ok: 'recorded' },
      actions: {
        stateDelta: { charged: 'recorded' },
        artifactDelta: {},
        requestedAuthConfigs: {},
        requestedToolConfirmations: {},
      },
    }
    const hooks: InvocationHooks = {
      runModelCall: async () => recordedModel.shift() ?? [],
      runToolCall: async () => recordedTool,
    }
    const events = await collect(
      runner.runAsync({ userId: USER_ID, sessionId: 's', newMessage: userText('go'), hooks }),
    )
    expect(llm.requests).toHaveLength(0)
    expect(seen).toEqual([])
    expect(events.at(1)?.content?.parts?.[0]?.functionResponse?.response).toEqual({ ok: 'recorded' })
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('recorded answer')
    const session = await runner.sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId: 's' })
    expect(session?.state['charged']).toBe('recorded')
  })

  it("a hook's own failure ends the run; the call's own error is the model's or the tool's, as without hooks", async () => {
    /** One run of the charge pipeline through `hooks`: what it yielded (or its error), what it stored, the tool's calls. */
    async function runWith(hooks: InvocationHooks) {
      const { runner, seen } = setup()
      await runner.sessionService.createSession({ appName: APP_NAME, userId: USER_ID, sessionId: 's' })
      const yielded = await collect(
        runner.runAsync({ userId: USER_ID, sessionId: 's', newMessage: userText('go'), hooks }),
      ).catch((error: unknown) => error as Error)
      const session = await runner.sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId: 's' })
      return { yielded, stored: session?.events ?? [], seen }
    }
    // The model call's hook cannot record: the run ends with the runner's store-failure event, nothing stored for it.
    const storeFailed = await runWith({
      runModelCall: async (_info, run) => {
        await run()
        throw new SessionStoreError('could not record the step')
      },
    })
    expect((storeFailed.yielded as Event[]).map((event) => event.errorCode)).toEqual(['SESSION_STORE_FAILED'])
    expect(storeFailed.stored.map((event) => event.author)).toEqual(['user'])
    // The tool call's hook finds a replay mismatch (INTERNAL): the run rejects; the model never sees it as the tool's error.
    const mismatch = await runWith({
      runToolCall: async () => {
        throw new InternalError('replay mismatch')
      },
    })
    expect(String(mismatch.yielded)).toContain('replay mismatch')
    expect(mismatch.seen).toEqual([])
    expect(mismatch.stored.some((event) => event.content?.parts?.some((part) => part.functionResponse))).toBe(false)
    // A plain error through the hooks is the call's: an `{ error }` from the tool, an error response from the model.
    const declined = await runWith({
      runToolCall: async () => {
        throw new Error('card declined')
      },
    })
    expect((declined.yielded as Event[]).at(1)?.content?.parts?.[0]?.functionResponse?.response).toEqual({
      error: 'card declined',
    })
    const quota = await runWith({
      runModelCall: async () => {
        throw new Error('quota exceeded')
      },
    })
    expect((quota.yielded as Event[]).at(-1)?.errorMessage).toContain('quota exceeded')
    expect(quota.stored.length).toBe(2)
  })
})
