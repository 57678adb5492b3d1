// Ported from google/adk-js core/test/workflow/hitl_test.ts (the public `RequestInput` / `isRequestInput`; the
// event-building helpers it also tests are internal to @google/adk), workflow/hitl_flow_test.ts (a function node that
// returns a `RequestInput` pauses the workflow; resume inputs answer it) and, through the Runner, a `FunctionTool`
// returning a `RequestInput` (the `adk_request_input` round trip adk-web's input dialog speaks).
import { describe, expect } from 'vitest'
import { z } from 'zod'
import { driveNode } from '../../workflow/adk-port/port-harness.test-helper.js'
import {
  callsOf,
  functionResponse,
  portCase,
  portRunner,
  responsesOf,
  textsOf,
  type Any,
  type PausePortImpl,
} from './pause-port-harness.test-helper.js'

export function defineRequestInputCases(impl: PausePortImpl): void {
  const { RequestInput, isRequestInput, Workflow, node, FunctionTool, LlmAgent, REQUEST_INPUT_FUNCTION_CALL_NAME } =
    impl.adk
  const requestInputCalls = (events: Any[]) =>
    callsOf(events).filter((c) => c.name === REQUEST_INPUT_FUNCTION_CALL_NAME)
  const drive = (wf: Any, input?: unknown, resumeInputs?: Record<string, unknown>) =>
    driveNode(impl.wf, wf, input, impl.wf.createIc(), resumeInputs ? { resumeInputs } : {})

  describe('hitl_test — RequestInput', () => {
    portCase(impl, 'auto-generates an interrupt id when omitted', async () => {
      const request = new RequestInput()
      expect(typeof request.interruptId).toBe('string')
      expect(request.interruptId.length).toBeGreaterThan(0)
      expect([request.payload, request.message, request.responseSchema]).toEqual([undefined, undefined, undefined])
    })

    portCase(impl, 'keeps the provided fields', async () => {
      const request = new RequestInput({ interruptId: 'i1', payload: { a: 1 }, message: 'm' })
      expect([request.interruptId, request.payload, request.message]).toEqual(['i1', { a: 1 }, 'm'])
    })

    portCase(impl, 'isRequestInput recognizes an instance and rejects look-alikes and non-objects', async () => {
      expect(isRequestInput(new RequestInput())).toBe(true)
      expect(isRequestInput({ interruptId: 'x' })).toBe(false)
      expect(isRequestInput(null)).toBe(false)
      expect(isRequestInput('i1')).toBe(false)
    })
  })

  describe('hitl_flow_test — a function node returning RequestInput pauses the workflow', () => {
    const approval = () =>
      node(
        (ctx: Any) => {
          const answer = ctx.resumeInputs['approve-1']
          if (answer === undefined) return new RequestInput({ interruptId: 'approve-1', message: 'Approve?' })
          return `decided:${answer}`
        },
        { name: 'approval' },
      )

    portCase(impl, 'pauses on RequestInput and surfaces the interrupt id', async () => {
      const paused = await drive(new Workflow({ name: 'hitl', edges: [['START', approval()]] }))
      expect(paused.interruptIds).toEqual(['approve-1'])
      expect(paused.output).toBeUndefined()
      const [call] = requestInputCalls(paused.events)
      expect(call?.id).toBe('approve-1')
      expect(call?.args).toMatchObject({ interruptId: 'approve-1', message: 'Approve?' })
      expect(paused.events.some((e) => e.longRunningToolIds?.includes('approve-1'))).toBe(true)
    })

    portCase(impl, 'resumes and completes when the resume input is provided', async () => {
      const resumed = await drive(new Workflow({ name: 'hitl', edges: [['START', approval()]] }), undefined, {
        'approve-1': 'yes',
      })
      expect(resumed.interruptIds).toEqual([])
      expect(resumed.output).toBe('decided:yes')
    })

    portCase(impl, 'propagates an interrupt from a mid-graph node and halts downstream', async () => {
      const ran: string[] = []
      const a = node(
        (_c: Any, input: Any) => {
          ran.push('a')
          return `a:${input}`
        },
        { name: 'a' },
      )
      const gate = node(
        (ctx: Any, input: Any) => {
          ran.push('gate')
          const answer = ctx.resumeInputs['gate-1']
          if (answer === undefined) return new RequestInput({ interruptId: 'gate-1', message: 'continue?' })
          return `${input}|gate:${answer}`
        },
        { name: 'gate' },
      )
      const c = node(
        (_c: Any, input: Any) => {
          ran.push('c')
          return `c:${input}`
        },
        { name: 'c' },
      )
      const wf = () => new Workflow({ name: 'chain', edges: [['START', a, gate, c]] })
      const paused = await drive(wf(), 'x')
      expect(paused.interruptIds).toEqual(['gate-1'])
      expect(ran).toEqual(['a', 'gate'])
      expect((await drive(wf(), 'x', { 'gate-1': 'ok' })).output).toBe('c:a:x|gate:ok')
    })

    portCase(impl, 'supports HITL in an imperative dynamicEntry workflow', async () => {
      const ask = node(
        (ctx: Any) => ctx.resumeInputs['name'] ?? new RequestInput({ interruptId: 'name', message: 'Your name?' }),
        { name: 'ask' },
      )
      const wf = () =>
        new Workflow({
          name: 'dyn_hitl',
          dynamicEntry: async (ctx: Any) => {
            const child = await ctx.runNode(ask)
            return child.interruptIds.length > 0 ? undefined : `hello ${child.output}`
          },
        })
      expect((await drive(wf())).interruptIds).toEqual(['name'])
      expect((await drive(wf(), undefined, { name: 'Ada' })).output).toBe('hello Ada')
    })

    portCase(
      impl,
      "through a resumable Runner: the reply is the paused node's output; the nodes after it run",
      async () => {
        const ran: string[] = []
        const ask = node(
          (ctx: Any) => {
            ran.push('ask')
            return ctx.resumeInputs['approve-1'] ?? new RequestInput({ interruptId: 'approve-1', message: 'Approve?' })
          },
          { name: 'ask' },
        )
        const after = node(
          (_c: Any, input: Any) => {
            ran.push('after')
            return `after:${input}`
          },
          { name: 'after' },
        )
        const wf = new Workflow({ name: 'hitl_runner', edges: [['START', ask, after]] })
        const run = await portRunner(impl, wf, { resumable: true })
        const paused = await run.send('go')
        expect(requestInputCalls(paused).map((c) => c.id)).toEqual(['approve-1'])
        expect(ran).toEqual(['ask'])
        const resumed = await run.send([
          functionResponse(REQUEST_INPUT_FUNCTION_CALL_NAME, 'approve-1', { result: 'yes' }),
        ])
        // ADK 2.0: a node that paused is not run again; the reply ({ result } unwrapped) is its output.
        expect(resumed.filter((e) => e.output !== undefined).map((e) => e.output)).toEqual(['after:yes'])
        expect(ran).toEqual(['ask', 'after'])
      },
    )

    portCase(impl, 'through a resumable Runner: a node with rerunOnResume runs again and reads the reply', async () => {
      const ran: string[] = []
      const ask = node(
        (ctx: Any) => {
          ran.push('ask')
          const answer = ctx.resumeInputs['approve-1']
          return answer === undefined ? new RequestInput({ interruptId: 'approve-1' }) : `decided:${answer}`
        },
        { name: 'ask', rerunOnResume: true },
      )
      const after = node((_c: Any, input: Any) => `after:${input}`, { name: 'after' })
      const run = await portRunner(impl, new Workflow({ name: 'rerun', edges: [['START', ask, after]] }), {
        resumable: true,
      })
      await run.send('go')
      const resumed = await run.send([
        functionResponse(REQUEST_INPUT_FUNCTION_CALL_NAME, 'approve-1', { result: 'yes' }),
      ])
      expect(resumed.filter((e) => e.output !== undefined).map((e) => e.output)).toEqual([
        'decided:yes',
        'after:decided:yes',
      ])
      expect(ran).toEqual(['ask', 'ask'])
    })

    portCase(
      impl,
      "through a plain Runner: the reply is the paused node's output; the nodes after it run",
      async () => {
        const ran: string[] = []
        const ask = node(
          (ctx: Any) => {
            ran.push('ask')
            return ctx.resumeInputs['approve-1'] ?? new RequestInput({ interruptId: 'approve-1' })
          },
          { name: 'ask' },
        )
        const after = node((_c: Any, input: Any) => `after:${input}`, { name: 'after' })
        const run = await portRunner(impl, new Workflow({ name: 'plain', edges: [['START', ask, after]] }))
        await run.send('go')
        const resumed = await run.send([
          functionResponse(REQUEST_INPUT_FUNCTION_CALL_NAME, 'approve-1', { result: 'yes' }),
        ])
        expect(resumed.filter((e) => e.output !== undefined).map((e) => e.output)).toEqual(['after:yes'])
        expect(ran).toEqual(['ask'])
        // The next turn is a new run of the workflow: it asks again.
        const next = await run.send('again')
        expect(requestInputCalls(next).map((c) => c.id)).toEqual(['approve-1'])
        expect(ran).toEqual(['ask', 'ask'])
      },
    )
  })

  const TOOL_REQUEST_INPUT =
    "a FunctionTool's RequestInput becomes the call's JSON result; only a workflow node pauses on it"

  describe('a FunctionTool returning RequestInput — the adk_request_input round trip through the Runner', () => {
    async function paused() {
      const ask = new FunctionTool({
        name: 'ask_amount',
        description: 'Asks the user how much to refund.',
        execute: () => new RequestInput({ message: 'How much?', responseSchema: z.object({ amount: z.number() }) }),
      })
      const { model, requests } = impl.model([
        [{ functionCall: { id: 'call-1', name: 'ask_amount', args: {} } }],
        'refunded',
      ])
      const run = await portRunner(impl, new LlmAgent({ name: 'desk', model, tools: [ask] }))
      return { run, events: await run.send('refund'), requests }
    }

    portCase(
      impl,
      'pauses with an adk_request_input call carrying the message and the schema',
      async () => {
        const { events, requests } = await paused()
        const [call] = requestInputCalls(events)
        expect(call?.args).toMatchObject({
          message: 'How much?',
          originalFunctionCall: { id: 'call-1', name: 'ask_amount' },
        })
        expect(call?.args.response_schema).toMatchObject({ type: 'object' })
        expect(events.some((e) => e.longRunningToolIds?.includes(call?.id))).toBe(true)
        expect(requests).toHaveLength(1)
      },
      { googleFails: TOOL_REQUEST_INPUT },
    )

    portCase(
      impl,
      "the reply becomes the tool's result and the model goes on",
      async () => {
        const { run, events, requests } = await paused()
        const [call] = requestInputCalls(events)
        const resumed = await run.send([functionResponse(REQUEST_INPUT_FUNCTION_CALL_NAME, call.id, { amount: 5 })])
        expect(textsOf(resumed)).toEqual(['refunded'])
        expect(requests).toHaveLength(2)
        const sent = responsesOf(requests[1]!.map((content: Any) => ({ content })))
        expect(sent.find((r) => r.id === 'call-1')?.response).toEqual({ amount: 5 })
      },
      { googleFails: TOOL_REQUEST_INPUT },
    )
  })
}
