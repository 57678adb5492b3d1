// Ported from google/adk-js core/test/workflow/workflow_advanced_test.ts and dynamic_workflow_test.ts.
import { describe, expect, it } from 'vitest'
import { driveNode, fnNodeClass, sleep, type Any, type PortImpl } from './port-harness.test-helper.js'

export function defineAdvancedWorkflowCases(impl: PortImpl): void {
  const { Workflow, FunctionNode, JoinNode, createEvent } = impl.adk
  const FnNode = fnNodeClass(impl)
  const drive = (node: Any, input?: unknown, ic?: Any) => driveNode(impl, node, input, ic)

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
