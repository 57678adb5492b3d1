// Ported from google/adk-js core/test/workflow/workflow_test.ts and routing_test.ts (`driveWorkflow` / `driveNode`
// are Google's test helpers over the public NodeContext).
import { describe, expect, it } from 'vitest'
import { driveNode, fnNodeClass, type Any, type NodeBaseClass, type PortImpl } from './port-harness.test-helper.js'

export function defineWorkflowCases(impl: PortImpl): void {
  const { Workflow, JoinNode, Edge, DEFAULT_ROUTE, createEvent } = impl.adk
  const BaseNode: NodeBaseClass = impl.adk.BaseNode
  const FnNode = fnNodeClass(impl)
  const drive = (node: Any, input?: unknown, ic?: Any) => driveNode(impl, node, input, ic)

  describe('workflow_test — Workflow orchestration', () => {
    // Fan-in barrier as the test file defines it: waits for all predecessors, then emits the aggregated inputs.
    class LocalJoin extends BaseNode {
      get requiresAllPredecessors(): boolean {
        return true
      }
      protected async *runImpl(_ctx: Any, input: unknown): AsyncGenerator<unknown, void, undefined> {
        yield input
      }
    }

    it('runs a linear sequence and threads input downstream', async () => {
      const a = new FnNode('step_a', (_c, input) => `${input}->A`)
      const b = new FnNode('step_b', (_c, input) => `${input}->B`)
      const c = new FnNode('step_c', (_c, input) => `${input}->C`)
      const wf = new Workflow({ name: 'seq', edges: [['START', a, b, c]] })
      const { output, events } = await drive(wf, 'INIT')
      expect(output).toBe('INIT->A->B->C')
      expect(events.filter((e) => e.output !== undefined).map((e) => e.output)).toEqual([
        'INIT->A',
        'INIT->A->B',
        'INIT->A->B->C',
      ])
    })

    it('routes conditionally via a routing map', async () => {
      const router = new FnNode('router', (_c, input) =>
        createEvent({ route: (input as string).endsWith('?') ? 'question' : 'statement', output: input }),
      )
      const q = new FnNode('answer', (_c, input) => `Q:${input}`)
      const s = new FnNode('comment', (_c, input) => `S:${input}`)
      const wf = new Workflow({
        name: 'router_wf',
        edges: [
          ['START', router],
          [router, { question: q, statement: s }],
        ],
      })
      expect((await drive(wf, 'what?')).output).toBe('Q:what?')
      expect((await drive(wf, 'hello')).output).toBe('S:hello')
    })

    it('falls back to DEFAULT_ROUTE when no specific route matches', async () => {
      const check = new FnNode('check', (_c, input) =>
        createEvent(input === 'jane' ? { output: input } : { route: 'retry', output: input }),
      )
      const retry = new FnNode('retry_node', (_c, input) => `RETRY:${input}`)
      const gen = new FnNode('generate', (_c, input) => `GEN:${input}`)
      const wf = new Workflow({
        name: 'default_route_wf',
        edges: [
          ['START', check],
          [check, { retry, [DEFAULT_ROUTE]: gen }],
        ],
      })
      expect((await drive(wf, 'john')).output).toBe('RETRY:john')
      expect((await drive(wf, 'jane')).output).toBe('GEN:jane')
    })

    it('fans out to parallel branches and joins them at a barrier', async () => {
      const a = new FnNode('A', (_c, input) => `A(${input})`)
      const b = new FnNode('B', (_c, input) => `B(${input})`)
      const join = new LocalJoin({ name: 'join' })
      const wf = new Workflow({ name: 'fan_wf', edges: [['START', [a, b], join]] })
      expect((await drive(wf, 'x')).output).toEqual({ A: 'A(x)', B: 'B(x)' })
    })

    it('rejects an unconditional cycle at construction', () => {
      const a = new FnNode('cyc_a', (_c, i) => i)
      const b = new FnNode('cyc_b', (_c, i) => i)
      expect(
        () =>
          new Workflow({
            name: 'cycle_wf',
            edges: [
              ['START', a],
              [a, b],
              [b, a],
            ],
          }),
      ).toThrow(/cycle/i)
    })

    it('rejects an unreachable node', () => {
      const a = new FnNode('reach_a', (_c, i) => i)
      const orphan = new FnNode('orphan', (_c, i) => i)
      const b = new FnNode('reach_b', (_c, i) => i)
      expect(
        () =>
          new Workflow({
            name: 'unreachable_wf',
            edges: [
              ['START', a],
              [orphan, b],
            ],
          }),
      ).toThrow(/unreachable/i)
    })
  })

  describe('routing_test — workflow routing values', () => {
    const emit = (name: string, route: unknown) => new FnNode(name, () => createEvent({ route, output: route }))
    const echo = (name: string) => new FnNode(name, (_c, i) => `${name}(${i})`)

    it('matches numeric route keys', async () => {
      const router = emit('router', 2)
      const wf = new Workflow({
        name: 'numeric_route',
        edges: [
          ['START', router],
          [router, { 1: echo('a'), 2: echo('b') }],
        ],
      })
      expect((await drive(wf, 'x')).output).toBe('b(2)')
    })

    it('matches a list route on an explicit Edge (any listed value)', async () => {
      const router = emit('router', 3)
      const target = echo('target')
      const other = echo('other')
      const wf = new Workflow({
        name: 'list_route',
        edges: [['START', router], new Edge(router, target, [2, 3]), new Edge(router, other, 9)],
      })
      expect((await drive(wf, 'x')).output).toBe('target(3)')
    })

    it('reuses one sub-workflow instance across two route keys', async () => {
      const shared = new Workflow({ name: 'shared_sub', edges: [['START', echo('wrapped')]] })
      const build = (route: string) => {
        const router = emit('router', route)
        return new Workflow({
          name: 'reuse_parent',
          edges: [
            ['START', router],
            [router, { approve: shared, escalate: shared }],
          ],
        })
      }
      expect((await drive(build('approve'), 'x')).output).toBe('wrapped(approve)')
      expect((await drive(build('escalate'), 'x')).output).toBe('wrapped(escalate)')
    })

    it('fans out from a single route to multiple nodes, then joins', async () => {
      const router = emit('router', 'go')
      const a = echo('a')
      const b = echo('b')
      const join = new JoinNode({ name: 'join' })
      const wf = new Workflow({
        name: 'route_fan_out',
        edges: [
          ['START', router],
          [router, { go: [a, b] }],
          [[a, b], join],
        ],
      })
      expect((await drive(wf, 'x')).output).toEqual({ a: 'a(go)', b: 'b(go)' })
    })

    it('uses DEFAULT_ROUTE only when no specific route matches', async () => {
      const router = emit('router', 'known')
      const wfMatch = new Workflow({
        name: 'default_route_match',
        edges: [
          ['START', router],
          [router, { known: echo('a'), [DEFAULT_ROUTE]: echo('fb') }],
        ],
      })
      expect((await drive(wfMatch, 'x')).output).toBe('a(known)')
      const router2 = emit('router2', 'unknown')
      const wfFallback = new Workflow({
        name: 'default_route_fallback',
        edges: [
          ['START', router2],
          [router2, { known: echo('a2'), [DEFAULT_ROUTE]: echo('fb2') }],
        ],
      })
      expect((await drive(wfFallback, 'x')).output).toBe('fb2(unknown)')
    })

    it('matches a boolean route key in a routing map', async () => {
      const router = emit('router', true)
      const wf = new Workflow({
        name: 'bool_route',
        edges: [
          ['START', router],
          [router, { true: echo('yes'), false: echo('no') }],
        ],
      })
      expect((await drive(wf, 'x')).output).toBe('yes(true)')
    })

    it('fires multiple branches when a node emits an array of routes', async () => {
      const router = new FnNode('router', () => createEvent({ route: ['a', 'b'], output: 'msg' }))
      const [a, b, c] = [echo('a'), echo('b'), echo('c')]
      const join = new JoinNode({ name: 'join' })
      const wf = new Workflow({
        name: 'multi_route',
        edges: [
          ['START', router],
          [router, { a, b, c }],
          [[a, b], join],
        ],
      })
      expect((await drive(wf, 'x')).output).toEqual({ a: 'a(msg)', b: 'b(msg)' })
    })
  })
}
