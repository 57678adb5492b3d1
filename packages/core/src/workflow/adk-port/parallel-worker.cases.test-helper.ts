// Ported from google/adk-js core/test/workflow/parallel_worker_test.ts (and a resume case in the shape of
// dynamic_resume_test.ts): the ParallelWorker node, driven directly and inside a workflow run by the Runner.
import { describe, expect, it } from 'vitest'
import { driveNode, sleep, type Any, type PortImpl } from './port-harness.test-helper.js'
import { resumeTurns } from './resume.test-helper.js'

export function defineParallelWorkerCases(impl: PortImpl): void {
  const { FunctionNode, ParallelWorker, Workflow, RequestInput, node } = impl.adk
  const drive = (n: Any, input?: unknown, ic?: Any) => driveNode(impl, n, input, ic)
  const tracking = () => {
    const seen = { active: 0, peak: 0 }
    const inner = new FunctionNode('track', async (_c: Any, n: number) => {
      seen.active++
      seen.peak = Math.max(seen.peak, seen.active)
      await sleep(5)
      seen.active--
      return n
    })
    return { seen, inner }
  }
  const items = () => new FunctionNode('items', () => [0, 1, 2])

  describe('parallel_worker_test — ParallelWorker', () => {
    it('maps a list input through the inner node, in input order', async () => {
      const inner = new FunctionNode('double', async (_c: Any, n: number) => {
        await sleep(n === 1 ? 10 : 0) // the first item finishes last
        return n * 2
      })
      expect((await drive(new ParallelWorker(inner), [1, 2, 3, 4])).output).toEqual([2, 4, 6, 8])
    })

    it('treats a non-list input as a one-item list, and an empty list as []', async () => {
      const double = new FunctionNode('double', (_c: Any, n: number) => n * 2)
      expect((await drive(new ParallelWorker(double), 5)).output).toEqual([10])
      expect((await drive(new ParallelWorker(double), [])).output).toEqual([])
    })

    it('bounds concurrency by maxParallelWorkers, and by 8 by default', async () => {
      const two = tracking()
      const out = await drive(new ParallelWorker(two.inner, { maxParallelWorkers: 2 }), [1, 2, 3, 4, 5])
      expect(out.output).toEqual([1, 2, 3, 4, 5])
      expect(two.seen.peak).toBe(2)
      const unset = tracking()
      const all = await drive(
        new ParallelWorker(unset.inner),
        Array.from({ length: 20 }, (_v, i) => i),
      )
      expect(all.output).toHaveLength(20)
      expect(unset.seen.peak).toBe(8)
    })

    it('rejects maxParallelWorkers < 1', () => {
      const inner = new FunctionNode('x', (_c: Any, v: unknown) => v)
      expect(() => new ParallelWorker(inner, { maxParallelWorkers: 0 })).toThrow(/greater than or equal to 1/)
    })

    it('rethrows the first error of a failing item (also a bare `throw undefined`)', async () => {
      const boom = new FunctionNode('boom', (_c: Any, n: number) => {
        if (n === 3) throw new Error('boom at 3')
        return n
      })
      await expect(drive(new ParallelWorker(boom), [1, 2, 3, 4])).rejects.toThrow('boom at 3')
      const bad = new FunctionNode('bad', (_c: Any, n: number) => {
        if (n === 2) throw undefined
        return n
      })
      const rejected = await drive(new ParallelWorker(bad), [1, 2, 3]).then(
        () => false,
        () => true,
      )
      expect(rejected).toBe(true)
    })

    it('claims no further item once the invocation is aborted, and emits no list', async () => {
      const controller = new AbortController()
      let calls = 0
      const inner = new FunctionNode('count', (_c: Any, n: number) => {
        calls++
        controller.abort() // the first item aborts the invocation
        return n
      })
      const ic = impl.createIc({ abortSignal: controller.signal })
      const outcome = await drive(new ParallelWorker(inner, { maxParallelWorkers: 1 }), [1, 2, 3], ic).then(
        ({ output }) => ({ output }),
        (error: unknown) => ({ error }),
      )
      expect(calls).toBe(1)
      expect('output' in outcome ? outcome.output : undefined).toBeUndefined()
    })

    it('takes what an edge takes: a named function, an agent, a built node', async () => {
      function double(_c: unknown, n: number) {
        return n * 2
      }
      expect(new ParallelWorker(double).name).toBe('double')
      expect((await drive(new ParallelWorker(double), [1, 2, 3])).output).toEqual([2, 4, 6])
      expect((await drive(new ParallelWorker(impl.replyAgent('reply', 'ok')), [1, 2])).output).toEqual(['ok', 'ok'])
      expect(() => new ParallelWorker((_c: unknown, n: number) => n)).toThrow()
    })

    it('node(x, { parallelWorker: true }) wraps the built node; maxParallelWorkers alone is refused', async () => {
      const wrapped = node((_c: unknown, n: number) => n + 1, {
        name: 'inc',
        parallelWorker: true,
        maxParallelWorkers: 2,
      })
      expect(wrapped).toBeInstanceOf(ParallelWorker)
      expect(wrapped.maxParallelWorkers).toBe(2)
      expect((await drive(wrapped, [1, 2])).output).toEqual([2, 3])
      expect(() => node(() => 1, { name: 'x', maxParallelWorkers: 2 })).toThrow(/maxParallelWorkers can only be set/)
    })

    it('runs each item on its own sub-branch inside a workflow; the list flows to the next node', async () => {
      const branches: unknown[] = []
      const inner = new FunctionNode('item', (ctx: Any, n: number) => {
        branches[n] = ctx.branch
        return n * 10
      })
      const wf = new Workflow({
        name: 'pw_wf',
        edges: [
          [
            'START',
            items(),
            new ParallelWorker(inner),
            new FunctionNode('joined', (_c: Any, l: number[]) => l.join('+')),
          ],
        ],
      })
      const { events } = await impl.runViaRunner(wf, 'go')
      expect(events.some((e: Any) => e.output === '0+10+20')).toBe(true)
      expect(new Set(branches).size).toBe(3)
      expect(String(branches[2])).toMatch(/item@2$/)
    })

    it('an interrupting item pauses the worker; on resume only that item runs again', async () => {
      const runs: number[] = []
      const inner = new FunctionNode(
        'review',
        (ctx: Any, n: number) => {
          runs.push(n)
          if (n !== 1) return `ok:${n}`
          const answer = ctx.resumeInputs['approve-1']
          return answer === undefined
            ? new RequestInput({ interruptId: 'approve-1', message: 'approve 1?' })
            : `ok:${answer}`
        },
        { rerunOnResume: true },
      )
      const wf = new Workflow({ name: 'pw_pause', edges: [['START', items(), new ParallelWorker(inner)]] })
      const [first, second] = await resumeTurns(impl, wf, 'go', { id: 'approve-1', result: 'yes' }, () =>
        expect([...runs].sort()).toEqual([0, 1, 2]),
      )
      expect(first.some((e: Any) => Array.isArray(e.output) && e.output[0] === 'ok:0')).toBe(false)
      expect(second.some((e: Any) => JSON.stringify(e.output) === JSON.stringify(['ok:0', 'ok:yes', 'ok:2']))).toBe(
        true,
      )
      expect(runs.filter((n) => n !== 1)).toHaveLength(2)
      expect(runs.filter((n) => n === 1)).toHaveLength(2)
    })
  })
}
