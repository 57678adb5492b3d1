// Ported from google/adk-js core/test/workflow/dynamic_resume_test.ts: a `ctx.runNode` child that paused for input,
// resumed through the Runner — a completed sibling is not run again, a `rerunOnResume` child runs again and reads
// `ctx.resumeInputs`, any other child is completed with the reply as its output without running again.
import { describe, expect, it } from 'vitest'
import type { Any, PortImpl } from './port-harness.test-helper.js'
import { requestInputIds, resumeTurns } from './resume.test-helper.js'

export function defineDynamicResumeCases(impl: PortImpl): void {
  const { FunctionNode, Workflow, RequestInput } = impl.adk
  const hasOutput = (events: Any[], output: unknown) => events.some((event: Any) => event.output === output)

  describe('dynamic_resume_test — ctx.runNode children resumed through the Runner', () => {
    it('fast-forwards a completed child and re-runs a rerunOnResume child with the reply', async () => {
      let stepRuns = 0
      let askRuns = 0
      const step = new FunctionNode('step', (_c: Any, input: unknown) => {
        stepRuns++
        return `step(${String(input)})`
      })
      const ask = new FunctionNode(
        'ask',
        (ctx: Any) => {
          askRuns++
          const answer = ctx.resumeInputs['confirm']
          return answer === undefined
            ? new RequestInput({ interruptId: 'confirm', message: 'confirm?' })
            : `ok:${answer}`
        },
        { rerunOnResume: true },
      )
      const wf = new Workflow({
        name: 'dyn_resume_wf',
        dynamicEntry: async (ctx: Any, input: unknown) => {
          const s = await ctx.runNode(step, input)
          const a = await ctx.runNode(ask)
          return { step: s.output, ask: a.output }
        },
      })
      const [first, second] = await resumeTurns(impl, wf, 'x', { id: 'confirm', result: 'yes' }, () => {
        expect(stepRuns).toBe(1)
      })
      expect(requestInputIds(first)).toEqual(['confirm'])
      expect(stepRuns).toBe(1)
      expect(askRuns).toBe(2)
      expect(hasOutput(second, 'step(x)')).toBe(false)
      expect(hasOutput(second, 'ok:yes')).toBe(true)
    })

    it('hands the reply to a child that is not rerunOnResume, as its output, without running it again', async () => {
      let askRuns = 0
      const ask = new FunctionNode('ask', async function* () {
        askRuns++
        yield new RequestInput({ message: 'confirm?' })
      })
      const wf = new Workflow({
        name: 'dyn_handoff_wf',
        dynamicEntry: async (ctx: Any, input: unknown) => {
          const a = await ctx.runNode(ask, input)
          if (a.interruptIds.length > 0) return undefined
          return `decided:${String(a.output).trim().toLowerCase()}`
        },
      })
      const [first, second] = await resumeTurns(impl, wf, 'ship it', (events) => ({
        id: requestInputIds(events)[0] as string,
        result: 'Yes',
      }))
      expect(requestInputIds(first)).toHaveLength(1)
      expect(askRuns).toBe(1)
      expect(requestInputIds(second)).toEqual([])
      expect(hasOutput(second, 'decided:yes')).toBe(true)
    })

    it('answers a plain-text reply to the one pending dynamic child', async () => {
      let askRuns = 0
      const ask = new FunctionNode('ask', () => {
        askRuns++
        return new RequestInput({ message: 'confirm?' })
      })
      const wf = new Workflow({
        name: 'dyn_text_wf',
        dynamicEntry: async (ctx: Any) => {
          const a = await ctx.runNode(ask)
          return a.interruptIds.length > 0 ? undefined : `decided:${String(a.output).trim()}`
        },
      })
      const [, second] = await resumeTurns(impl, wf, 'go', 'yes')
      expect(askRuns).toBe(1)
      expect(hasOutput(second, 'decided:yes')).toBe(true)
    })

    it("answers a graph node's dynamic child from a structured reply", async () => {
      let askRuns = 0
      const ask = new FunctionNode('get_user_approval', () => {
        askRuns++
        return new RequestInput({ message: 'Please approve this request' })
      })
      const handle = new FunctionNode(
        'handle_process',
        async (ctx: Any, input: unknown) => {
          const approval = await ctx.runNode(ask, input)
          if (approval.interruptIds.length > 0) return undefined
          return String(approval.output).trim().toLowerCase() === 'yes' ? 'Approved' : 'Denied'
        },
        { rerunOnResume: true },
      )
      const wf = new Workflow({ name: 'root_agent', edges: [['START', handle]] })
      const [first, second] = await resumeTurns(impl, wf, 'delete the database', (events) => ({
        id: requestInputIds(events)[0] as string,
        result: 'yes',
      }))
      expect(requestInputIds(first)).toHaveLength(1)
      expect(askRuns).toBe(1)
      expect(requestInputIds(second)).toEqual([])
      expect(hasOutput(second, 'Approved')).toBe(true)
    })
  })
}
