// Ported from google/adk-js core/test/workflow/workflow_test.ts, routing_test.ts, workflow_advanced_test.ts and
// dynamic_workflow_test.ts. `driveWorkflow` / `driveNode` are Google's test helpers over the public NodeContext.
import { describe, expect, it } from 'vitest'
import {
  driveNode,
  fnNodeClass,
  sleep,
  type Any,
  type NodeBaseClass,
  type PortImpl,
} from './port-harness.test-helper.js'

export function defineWorkflowCases(impl: PortImpl): void {
  const { Workflow, FunctionNode, JoinNode, Edge, DEFAULT_ROUTE, createEvent } = impl.adk
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

  describe('workflow_advanced_test — maxConcurrency, cancellation, errors, joins, retries, rerunOnResume', () => {
    it('bounds the number of concurrently running graph nodes', async () => {
      let active = 0
      let peak = 0
      const slow = (name: string) =>
        new FunctionNode(name, async () => {
          active++
          peak = Math.max(peak, active)
          await sleep(10)
          active--
          return name
        })
      const join = new JoinNode({ name: 'join' })
      const wf = new Workflow({
        name: 'bounded',
        maxConcurrency: 2,
        edges: [['START', [slow('a'), slow('b'), slow('c'), slow('d')], join]],
      })
      await drive(wf, 'x')
      expect(peak).toBeLessThanOrEqual(2)
      expect(peak).toBeGreaterThan(0)
    })

    it('rejects maxConcurrency below 1 (0 is not "unlimited")', () => {
      const n = new FunctionNode('n', () => 'x')
      expect(() => new Workflow({ name: 'bad0', edges: [['START', n]], maxConcurrency: 0 })).toThrow(/positive integer/)
    })

    it('rejects a non-integer maxConcurrency', () => {
      const n = new FunctionNode('n', () => 'x')
      expect(() => new Workflow({ name: 'bad_frac', edges: [['START', n]], maxConcurrency: 1.5 })).toThrow(
        /positive integer/,
      )
    })

    it('cancels an in-flight cooperative sibling when another node fails', async () => {
      let siblingCancelled = false
      const patient = new FunctionNode('patient', async (ctx: Any) => {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2000)
          ctx.abortSignal?.addEventListener(
            'abort',
            () => {
              siblingCancelled = true
              clearTimeout(timer)
              resolve()
            },
            { once: true },
          )
        })
        return 'patient-done'
      })
      const boom = new FunctionNode('boom', async () => {
        await sleep(10)
        throw new Error('boom')
      })
      const wf = new Workflow({ name: 'cancel_siblings', edges: [['START', [patient, boom]]] })
      await expect(drive(wf, 'x')).rejects.toThrow('boom')
      expect(siblingCancelled).toBe(true)
    })

    it('fails the workflow when a node throws (no retry)', async () => {
      const boom = new FunctionNode('boom', () => {
        throw new Error('kaboom')
      })
      await expect(drive(new Workflow({ name: 'err', edges: [['START', boom]] }), 'x')).rejects.toThrow('kaboom')
    })

    it('does not run downstream nodes after an upstream failure', async () => {
      let downstreamRan = false
      const boom = new FunctionNode('boom', () => {
        throw new Error('stop')
      })
      const after = new FunctionNode('after', () => {
        downstreamRan = true
        return 'after'
      })
      await expect(drive(new Workflow({ name: 'err_chain', edges: [['START', boom, after]] }), 'x')).rejects.toThrow(
        'stop',
      )
      expect(downstreamRan).toBe(false)
    })

    it('waits for all predecessors before the join runs', async () => {
      const a = new FnNode('a', (_c, i) => `A(${i})`)
      const b = new FnNode('b', (_c, i) => `B(${i})`)
      const c = new FnNode('c', (_c, i) => `C(${i})`)
      const wf = new Workflow({ name: 'triple_join', edges: [['START', [a, b, c], new JoinNode({ name: 'join' })]] })
      expect((await drive(wf, 'x')).output).toEqual({ a: 'A(x)', b: 'B(x)', c: 'C(x)' })
    })

    it('retries only listed error types', async () => {
      let attempts = 0
      const node = new FunctionNode(
        'typed',
        () => {
          attempts++
          if (attempts < 2) throw new TypeError('transient')
          return 'ok'
        },
        { retryConfig: { maxAttempts: 4, initialDelay: 0.001, jitter: 0, exceptions: [TypeError] } },
      )
      expect((await drive(new Workflow({ name: 'typed_retry', edges: [['START', node]] }), 'x')).output).toBe('ok')
      expect(attempts).toBe(2)
    })

    it('does not retry an unlisted error type', async () => {
      let attempts = 0
      const node = new FunctionNode(
        'typed2',
        () => {
          attempts++
          throw new RangeError('nope')
        },
        { retryConfig: { maxAttempts: 4, initialDelay: 0.001, jitter: 0, exceptions: [TypeError] } },
      )
      await expect(drive(new Workflow({ name: 'typed_retry2', edges: [['START', node]] }), 'x')).rejects.toThrow('nope')
      expect(attempts).toBe(1)
    })

    it('re-runs a rerunOnResume node on resume instead of fast-forwarding', async () => {
      let runs = 0
      const node = new FnNode(
        'always',
        () => {
          runs++
          return 'fresh'
        },
        { rerunOnResume: true },
      )
      const wf = new Workflow({ name: 'rerun', edges: [['START', node]] })
      const ic = impl.createIc()
      ic.session.events.push(
        createEvent({
          author: 'always',
          nodeInfo: { path: 'rerun.always' },
          output: 'stale',
        }),
      )
      const { output } = await drive(wf, 'x', ic)
      expect(runs).toBe(1)
      expect(output).toBe('fresh')
    })

    it('fast-forwards a completed node that is NOT rerunOnResume', async () => {
      let runs = 0
      const node = new FnNode('once', () => {
        runs++
        return 'fresh'
      })
      const wf = new Workflow({ name: 'ff', edges: [['START', node]] })
      const ic = impl.createIc()
      ic.session.events.push(
        createEvent({ author: 'once', invocationId: ic.invocationId, nodeInfo: { path: 'ff.once' }, output: 'cached' }),
      )
      const { output } = await drive(wf, 'x', ic)
      expect(runs).toBe(0)
      expect(output).toBe('cached')
    })
  })

  describe('dynamic_workflow_test — dynamic (imperative) workflows', () => {
    it('runs an imperative dynamicEntry driving ctx.runNode()', async () => {
      const step = new FunctionNode('step', (_c: Any, input: Any) => `step(${input})`)
      const wf = new Workflow({
        name: 'dyn',
        dynamicEntry: async (ctx: Any, input: Any) => `wrapped[${(await ctx.runNode(step, input)).output}]`,
      })
      expect((await drive(wf, 'x')).output).toBe('wrapped[step(x)]')
    })

    it('supports a bounded loop (the cycle case that used to hang)', async () => {
      const inc = new FunctionNode('inc', (_c: Any, n: number) => n + 1)
      const wf = new Workflow({
        name: 'loop',
        dynamicEntry: async (ctx: Any, input: Any) => {
          let value = input as number
          let iterations = 0
          while (value < 3) {
            value = (await ctx.runNode(inc, value)).output
            iterations++
          }
          return { value, iterations }
        },
      })
      expect((await drive(wf, 0)).output).toEqual({ value: 3, iterations: 3 })
    })

    it('assigns distinct run ids to repeated dynamic calls (streams each event)', async () => {
      const emitNode = new FunctionNode('emit', (_c: Any, n: Any) => `emit(${n})`)
      const wf = new Workflow({
        name: 'repeat',
        dynamicEntry: async (ctx: Any) => {
          const outs: unknown[] = []
          for (let i = 0; i < 3; i++) outs.push((await ctx.runNode(emitNode, i)).output)
          return outs
        },
      })
      const { events, output } = await drive(wf)
      expect(output).toEqual(['emit(0)', 'emit(1)', 'emit(2)'])
      expect(events.filter((e) => e.author === 'emit')).toHaveLength(3)
    })

    it('deduplicates concurrent ctx.runNode() calls to the same run', async () => {
      let executions = 0
      const slow = new FunctionNode('slow', async () => {
        executions++
        await sleep(10)
        return 'done'
      })
      const wf = new Workflow({
        name: 'dedup',
        dynamicEntry: async (ctx: Any) => {
          const [a, b] = await Promise.all([
            ctx.runNode(slow, undefined, { runId: 'shared' }),
            ctx.runNode(slow, undefined, { runId: 'shared' }),
          ])
          return { a: a.output, b: b.output, executions }
        },
      })
      expect((await drive(wf)).output).toEqual({ a: 'done', b: 'done', executions: 1 })
    })

    it('accepts a non-numeric custom run id next to automatic ones', async () => {
      const child = new FunctionNode('child', (_c: Any, item: Any) => `handled ${item}`)
      const wf = new Workflow({
        name: 'run-ids',
        dynamicEntry: async (ctx: Any) => {
          const auto = await ctx.runNode(child, 'auto')
          const custom = await ctx.runNode(child, 'custom', { runId: 'order-a91' })
          return { auto: auto.output, custom: custom.output }
        },
      })
      expect((await drive(wf)).output).toEqual({ auto: 'handled auto', custom: 'handled custom' })
    })

    it('rejects an id ADK already used for an automatic run', async () => {
      const child = new FunctionNode('child', (_c: Any, item: Any) => `handled ${item}`)
      const wf = new Workflow({
        name: 'run-ids',
        dynamicEntry: async (ctx: Any) => {
          await ctx.runNode(child, 'auto')
          return (await ctx.runNode(child, 'custom', { runId: '1' })).output
        },
      })
      await expect(drive(wf)).rejects.toThrow(/Invalid runId '1' for node 'child'[\s\S]*'child-1'/)
    })

    it('rejects an empty id rather than silently auto-numbering it', async () => {
      const child = new FunctionNode('child', (_c: Any, item: Any) => `handled ${item}`)
      const wf = new Workflow({
        name: 'run-ids',
        dynamicEntry: async (ctx: Any) => (await ctx.runNode(child, 'custom', { runId: '   ' })).output,
      })
      await expect(drive(wf)).rejects.toThrow(/cannot be empty/)
    })

    it('supports the node-as-tool pattern (a node calls a sub-node)', async () => {
      const adder = new FunctionNode('adder', (_c: Any, args: { a: number; b: number }) => args.a + args.b)
      const orchestrator = new FunctionNode('orchestrator', async (ctx: Any) => {
        const r1 = await ctx.runNode(adder, { a: 2, b: 3 })
        const r2 = await ctx.runNode(adder, { a: 10, b: r1.output })
        return r2.output
      })
      expect((await drive(new Workflow({ name: 'node_as_tool', edges: [['START', orchestrator]] }))).output).toBe(15)
    })
  })
}
