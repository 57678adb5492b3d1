// Ported from google/adk-js core/test/workflow/runner_integration_test.ts and the "workflow output reaches the caller
// once" cases of workflow_agent_test.ts (there through `WorkflowAgent`, which @google/adk 2.0.0 does not export: here
// through the Runner, which drives a Workflow root the same way).
import { describe, expect, it } from 'vitest'
import type { Any, PortImpl } from './port-harness.test-helper.js'

export function defineRunnerCases(impl: PortImpl): void {
  const { Workflow, DEFAULT_ROUTE, node, createEvent } = impl.adk
  const outputsOf = (events: Any[]) => events.filter((e) => e.output !== undefined)

  describe('runner_integration_test — Workflow via the real Runner', () => {
    it('runs a single-node workflow end-to-end', async () => {
      const wf = new Workflow({
        name: 'greet_wf',
        edges: [['START', node((_c: Any, input: string) => `hello ${input}`, { name: 'greet' })]],
      })
      const { events } = await impl.runViaRunner(wf, 'world')
      expect(events.some((e) => e.output === 'hello world')).toBe(true)
    })

    it('runs a linear sequence end-to-end (input threads through)', async () => {
      const a = node((_c: Any, i: string) => `${i}->A`, { name: 'a' })
      const b = node((_c: Any, i: string) => `${i}->B`, { name: 'b' })
      const { events } = await impl.runViaRunner(new Workflow({ name: 'seq_wf', edges: [['START', a, b]] }), 'INIT')
      const outputs = outputsOf(events).map((e) => e.output)
      expect(outputs).toContain('INIT->A')
      expect(outputs).toContain('INIT->A->B')
    })

    it('runs a routed workflow end-to-end', async () => {
      const route = node(
        (_c: Any, input: string) => createEvent({ route: input.includes('?') ? 'q' : 's', output: input }),
        { name: 'route' },
      )
      const q = node((_c: Any, i: string) => `Q:${i}`, { name: 'q' })
      const s = node((_c: Any, i: string) => `S:${i}`, { name: 's' })
      const wf = new Workflow({
        name: 'route_wf',
        edges: [
          ['START', route],
          [route, { q, s }],
        ],
      })
      expect((await impl.runViaRunner(wf, 'hi?')).events.some((e) => e.output === 'Q:hi?')).toBe(true)
    })

    it('falls back to DEFAULT_ROUTE end-to-end', async () => {
      const check = node(
        (_c: Any, input: string) => createEvent(input === 'skip' ? { output: input } : { route: 'go', output: input }),
        { name: 'check' },
      )
      const go = node((_c: Any, i: string) => `GO:${i}`, { name: 'go_node' })
      const fallback = node((_c: Any, i: string) => `DEFAULT:${i}`, { name: 'fallback' })
      const wf = new Workflow({
        name: 'default_wf',
        edges: [
          ['START', check],
          [check, { go, [DEFAULT_ROUTE]: fallback }],
        ],
      })
      expect((await impl.runViaRunner(wf, 'skip')).events.some((e) => e.output === 'DEFAULT:skip')).toBe(true)
    })

    it('(adk-fluent addition) stores node state writes through the events, visible to the next node', async () => {
      const count = node(
        (ctx: Any, i: string) => {
          ctx.state.set('seen', i)
          return `${i}!`
        },
        { name: 'count' },
      )
      const read = node((ctx: Any) => `read ${ctx.state.get('seen')}`, { name: 'read' })
      const { events, state } = await impl.runViaRunner(
        new Workflow({ name: 'state_wf', edges: [['START', count, read]] }),
        'x',
      )
      expect(state['seen']).toBe('x')
      expect(outputsOf(events).map((e) => e.output)).toEqual(['x!', 'read x'])
    })
  })

  describe('workflow_agent_test — the workflow output reaches the caller once', () => {
    it('does not repeat the terminal node’s output', async () => {
      const wf = new Workflow({ name: 'wf', edges: [['START', node(() => 'result', { name: 'only' })]] })
      const withOutput = outputsOf((await impl.runViaRunner(wf, 'go')).events)
      expect(withOutput).toHaveLength(1)
      expect(withOutput[0].author).toBe('only')
      expect(withOutput[0].output).toBe('result')
    })

    it('announces a dynamicEntry’s return value, which no node emitted', async () => {
      const wf = new Workflow({
        name: 'dyn',
        dynamicEntry: async (ctx: Any) =>
          (
            await ctx.runNode(
              node(() => 2, { name: 'double' }),
              null,
            )
          ).output * 21,
      })
      const withOutput = outputsOf((await impl.runViaRunner(wf, 'go')).events)
      expect(withOutput.map((e) => e.output)).toEqual([2, 42])
      expect(withOutput[1].author).toBe('dyn')
    })

    it('re-announces the result when a later node emitted after it', async () => {
      const wf = new Workflow({
        name: 'later',
        dynamicEntry: async (ctx: Any) => {
          const result = await ctx.runNode(
            node(() => 'headline', { name: 'make' }),
            null,
          )
          await ctx.runNode(
            node(() => ({ score: 9 }), { name: 'grade' }),
            null,
          )
          return result.output
        },
      })
      const withOutput = outputsOf((await impl.runViaRunner(wf, 'go')).events)
      expect(withOutput.map((e) => e.output)).toEqual(['headline', { score: 9 }, 'headline'])
      expect(withOutput[2].author).toBe('later')
    })

    it('does not repeat a dynamicEntry’s value when a child already emitted it', async () => {
      const wf = new Workflow({
        name: 'passthrough',
        dynamicEntry: async (ctx: Any) =>
          (
            await ctx.runNode(
              node(() => 'x', { name: 'inner' }),
              null,
            )
          ).output,
      })
      const withOutput = outputsOf((await impl.runViaRunner(wf, 'go')).events)
      expect(withOutput).toHaveLength(1)
      expect(withOutput[0].author).toBe('inner')
    })

    it('announces a terminal node’s output that was set without emitting', async () => {
      const wf = new Workflow({
        name: 'assigns',
        edges: [
          [
            'START',
            node(
              (ctx: Any) => {
                ctx.output = 'assigned'
              },
              { name: 'quiet' },
            ),
          ],
        ],
      })
      const withOutput = outputsOf((await impl.runViaRunner(wf, 'go')).events)
      expect(withOutput).toHaveLength(1)
      expect(withOutput[0].output).toBe('assigned')
      expect(withOutput[0].author).toBe('assigns')
    })
  })
}
