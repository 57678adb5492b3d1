// Ported from google/adk-js core/test/tools/function_tool_confirmation_test.ts (the gate on a direct `runAsync`, the
// predicate) and, through the Runner, the round trip its "RequestConfirmation resume round-trip" cases drive through
// an internal processor (here: the model's call, the `adk_request_confirmation` event, the user's answer).
import { describe, expect } from 'vitest'
import { z } from 'zod'
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

const PENDING = { error: 'This tool call requires confirmation, please approve or reject.' }
const REJECTED = { error: 'This tool call is rejected.' }

export function defineConfirmationCases(impl: PausePortImpl): void {
  const { FunctionTool, LlmAgent, REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } = impl.adk

  function gatedTool(requireConfirmation: Any = true) {
    const calls: Any[] = []
    const tool = new FunctionTool({
      name: 'delete_file',
      description: 'Deletes a file.',
      parameters: z.object({ path: z.string() }),
      execute: (args: Any) => {
        calls.push(args)
        return `deleted ${args.path}`
      },
      requireConfirmation,
    })
    return { tool, calls }
  }

  describe('function_tool_confirmation_test — the gate on FunctionTool.runAsync', () => {
    portCase(impl, 'pauses and requests confirmation on first call', async () => {
      const { tool, calls } = gatedTool()
      const ctx = impl.toolContext({ functionCallId: 'fc-1' })
      expect(await tool.runAsync({ args: { path: '/tmp/x' }, toolContext: ctx })).toEqual(PENDING)
      expect(calls).toEqual([])
      expect(ctx.actions.requestedToolConfirmations['fc-1']).toBeDefined()
      expect(ctx.actions.skipSummarization).toBe(true)
    })

    portCase(impl, 'runs the tool once the call is confirmed', async () => {
      const { tool, calls } = gatedTool()
      const ctx = impl.toolContext({ functionCallId: 'fc-1', confirmed: true })
      expect(await tool.runAsync({ args: { path: '/tmp/x' }, toolContext: ctx })).toBe('deleted /tmp/x')
      expect(calls).toEqual([{ path: '/tmp/x' }])
    })

    portCase(impl, 'rejects the tool call when confirmation is denied', async () => {
      const { tool, calls } = gatedTool()
      const ctx = impl.toolContext({ functionCallId: 'fc-1', confirmed: false })
      expect(await tool.runAsync({ args: { path: '/tmp/x' }, toolContext: ctx })).toEqual(REJECTED)
      expect(calls).toEqual([])
    })

    portCase(impl, 'runs immediately when confirmation is not required', async () => {
      let ran = false
      const tool = new FunctionTool({
        name: 'noop',
        description: 'no-op',
        execute: () => {
          ran = true
          return 'ok'
        },
      })
      expect(await tool.runAsync({ args: {}, toolContext: impl.toolContext({ functionCallId: 'fc-1' }) })).toBe('ok')
      expect(ran).toBe(true)
    })

    portCase(impl, 'supports a predicate to decide confirmation per-args', async () => {
      const { tool, calls } = gatedTool((args: Any) => args.path.startsWith('/etc'))
      const small = impl.toolContext({ functionCallId: 'fc-small' })
      expect(await tool.runAsync({ args: { path: '/tmp/x' }, toolContext: small })).toBe('deleted /tmp/x')
      const large = impl.toolContext({ functionCallId: 'fc-large' })
      expect(await tool.runAsync({ args: { path: '/etc/passwd' }, toolContext: large })).toEqual(PENDING)
      expect(calls).toEqual([{ path: '/tmp/x' }])
    })

    portCase(impl, 'checkRequireConfirmation reports the static flag and evaluates a predicate', async () => {
      const ctx = impl.toolContext({ functionCallId: 'fc-1' })
      expect(await gatedTool().tool.checkRequireConfirmation({ path: '/tmp/x' }, ctx)).toBe(true)
      expect(await gatedTool(false).tool.checkRequireConfirmation({ path: '/tmp/x' }, ctx)).toBe(false)
      const byPath = gatedTool((args: Any) => args.path.startsWith('/etc')).tool
      expect(await byPath.checkRequireConfirmation({ path: '/etc/x' }, ctx)).toBe(true)
      expect(await byPath.checkRequireConfirmation({ path: '/tmp/x' }, ctx)).toBe(false)
    })

    portCase(impl, 'passes the tool context through to the predicate', async () => {
      const seen: Array<string | undefined> = []
      const { tool } = gatedTool((_args: Any, toolContext: Any) => {
        seen.push(toolContext?.functionCallId)
        return true
      })
      expect(await tool.checkRequireConfirmation({ path: '/x' }, impl.toolContext({ functionCallId: 'fc-1' }))).toBe(
        true,
      )
      expect(seen).toEqual(['fc-1'])
    })
  })

  describe('RequestConfirmation resume round-trip — through the Runner', () => {
    async function pausedRun() {
      const { tool, calls } = gatedTool()
      const { model, requests } = impl.model([
        [{ functionCall: { id: 'orig-1', name: 'delete_file', args: { path: '/tmp/x' } } }],
        'done',
      ])
      const run = await portRunner(impl, new LlmAgent({ name: 'agent', model, tools: [tool] }))
      const first = await run.send('delete /tmp/x')
      return { run, first, calls, requests }
    }

    portCase(impl, 'pauses with an adk_request_confirmation call wrapping the original call', async () => {
      const { first, calls, requests } = await pausedRun()
      const ask = callsOf(first).find((c) => c.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME)
      expect(ask?.args.originalFunctionCall).toMatchObject({
        id: 'orig-1',
        name: 'delete_file',
        args: { path: '/tmp/x' },
      })
      expect(ask?.args.toolConfirmation).toMatchObject({ confirmed: false })
      expect(first.some((e) => e.longRunningToolIds?.includes(ask?.id))).toBe(true)
      expect(calls).toEqual([])
      expect(requests).toHaveLength(1)
    })

    portCase(impl, 're-invokes the tool when a structured approval arrives', async () => {
      const { run, first, calls, requests } = await pausedRun()
      const ask = callsOf(first).find((c) => c.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME)
      const resumed = await run.send([
        functionResponse(REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, ask.id, { confirmed: true }),
      ])
      expect(calls).toEqual([{ path: '/tmp/x' }])
      const result = responsesOf(resumed).find((r) => r.id === 'orig-1')
      expect(result?.response).toEqual({ result: 'deleted /tmp/x' })
      expect(textsOf(resumed)).toEqual(['done'])
      expect(requests).toHaveLength(2)
    })

    portCase(impl, 'does not run the tool when the structured decision is a denial', async () => {
      const { run, first, calls } = await pausedRun()
      const ask = callsOf(first).find((c) => c.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME)
      const resumed = await run.send([
        functionResponse(REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, ask.id, { confirmed: false }),
      ])
      expect(calls).toEqual([])
      expect(responsesOf(resumed).find((r) => r.id === 'orig-1')?.response).toEqual(REJECTED)
    })

    portCase(impl, 'an approval sent again runs nothing', async () => {
      const { run, first, calls } = await pausedRun()
      const ask = callsOf(first).find((c) => c.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME)
      const answer = [functionResponse(REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, ask.id, { confirmed: true })]
      await run.send(answer)
      await run.send(answer).catch(() => undefined)
      expect(calls).toEqual([{ path: '/tmp/x' }])
    })

    portCase(impl, 'ignores a plain-text reply to a pending confirmation', async () => {
      const { run, calls } = await pausedRun()
      await run.send('yes')
      expect(calls).toEqual([])
    })
  })
}
