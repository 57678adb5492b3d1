// Ported from google/adk-js core/test/workflow/node_error_event_test.ts (the cases through `WorkflowAgent`, which
// `@google/adk` 2.0.0 does not export, run through the Runner instead).
import { describe, expect, it } from 'vitest'
import { driveExpectingFailure, sleep, type Any, type PortImpl } from './port-harness.test-helper.js'

export function defineErrorCases(impl: PortImpl): void {
  const { Workflow, FunctionNode, isNodeTimeoutError, isNodeErrorEvent } = impl.adk
  const fail = (node: Any, input?: unknown, ic?: Any) => driveExpectingFailure(impl, node, input, ic)
  const throwingNode = (name: string, error: Error) =>
    new FunctionNode(name, async () => {
      await sleep(10)
      throw error
    })

  describe('node_error_event_test — a failed node leaves a record', () => {
    it('emits exactly one error event for the node that threw, and still rejects', async () => {
      const kaboom = new Error('kaboom')
      const wf = new Workflow({ name: 'wf', edges: [['START', throwingNode('boom', kaboom)]] })
      const { errorEvents, thrown } = await fail(wf, 'x')
      expect(errorEvents).toHaveLength(1)
      const [error] = errorEvents
      expect(error.isNodeError).toBe(true)
      expect(error.nodeInfo?.path).toBe('wf.boom')
      expect(error.author).toBe('boom')
      expect(error.errorMessage).toBe('kaboom')
      expect(error.errorType).toBe('Error')
      expect(error.errorCode).toBe('UNKNOWN_ERROR')
      expect(error.attemptCount).toBe(1)
      expect(thrown).toBe(kaboom)
    })

    it('keeps the stack trace out of the persisted event', async () => {
      const wf = new Workflow({ name: 'wf', edges: [['START', throwingNode('boom', new Error('kaboom'))]] })
      const serialized = JSON.stringify((await fail(wf, 'x')).errorEvents[0])
      expect(serialized).not.toContain('errors.cases')
      expect(serialized).not.toContain('at ')
    })

    it('prefers a machine-readable `code` on the error for errorCode', async () => {
      const coded = Object.assign(new TypeError('connection refused'), { code: 'ECONNREFUSED' })
      const wf = new Workflow({ name: 'wf', edges: [['START', throwingNode('call', coded)]] })
      const { errorEvents } = await fail(wf, 'x')
      expect(errorEvents[0].errorCode).toBe('ECONNREFUSED')
      expect(errorEvents[0].errorType).toBe('TypeError')
    })

    it('falls back to a generic errorCode rather than repeating errorType', async () => {
      const wf = new Workflow({ name: 'wf', edges: [['START', throwingNode('boom', new RangeError('out of range'))]] })
      const { errorEvents } = await fail(wf, 'x')
      expect(errorEvents[0].errorType).toBe('RangeError')
      expect(errorEvents[0].errorCode).toBe('UNKNOWN_ERROR')
    })

    it('reports a nested failure only at the node that threw', async () => {
      const kaboom = new Error('kaboom')
      const inner = new Workflow({ name: 'inner', edges: [['START', throwingNode('leaf', kaboom)]] })
      const outer = new Workflow({ name: 'outer', edges: [['START', inner]] })
      const { errorEvents, thrown } = await fail(outer, 'x')
      expect(errorEvents).toHaveLength(1)
      expect(errorEvents[0].nodeInfo?.path).toBe('outer.inner.leaf')
      expect(errorEvents[0].author).toBe('leaf')
      expect(thrown).toBe(kaboom)
    })

    it('does not multiply the record by nesting depth', async () => {
      const l3 = new Workflow({ name: 'l3', edges: [['START', throwingNode('leaf', new Error('kaboom'))]] })
      const l2 = new Workflow({ name: 'l2', edges: [['START', l3]] })
      const l1 = new Workflow({ name: 'l1', edges: [['START', l2]] })
      const { errorEvents } = await fail(l1, 'x')
      expect(errorEvents).toHaveLength(1)
      expect(errorEvents[0].nodeInfo?.path).toBe('l1.l2.l3.leaf')
    })

    it("reports an inner workflow's own failure at the parent, since no node threw", async () => {
      const inner = new Workflow({
        name: 'inner',
        edges: [['START', [new FunctionNode('a', async () => 'one'), new FunctionNode('b', async () => 'two')]]],
      })
      const outer = new Workflow({ name: 'outer', edges: [['START', inner]] })
      const { errorEvents } = await fail(outer, 'x')
      expect(errorEvents).toHaveLength(1)
      expect(errorEvents[0].nodeInfo?.path).toBe('outer.inner')
      expect(errorEvents[0].errorMessage).toContain('multiple terminal nodes')
    })

    it('records the same error instance again in a different invocation', async () => {
      const shared = new Error('shared')
      const wf = new Workflow({ name: 'wf', edges: [['START', throwingNode('boom', shared)]] })
      const first = await fail(wf, 'x', impl.createIc({ invocationId: 'inv-a' }))
      const second = await fail(wf, 'x', impl.createIc({ invocationId: 'inv-b' }))
      expect(first.errorEvents).toHaveLength(1)
      expect(second.errorEvents).toHaveLength(1)
    })

    it('reaches the caller BEFORE the rejection surfaces (through the Runner)', async () => {
      const kaboom = new Error('kaboom')
      const wf = new Workflow({ name: 'wf', edges: [['START', throwingNode('boom', kaboom)]] })
      const observed: string[] = []
      let thrown: unknown
      try {
        await impl.runViaRunner(wf, 'go', (event) => observed.push(isNodeErrorEvent(event) ? 'node-error' : 'event'))
      } catch (error) {
        thrown = error
        observed.push('rejected')
      }
      expect(thrown).toBe(kaboom)
      expect(observed).toEqual(['node-error', 'rejected'])
    })

    it('does not emit for a sibling cancelled by another node failure', async () => {
      let patientCancelled = false
      const patient = new FunctionNode('patient', async (ctx: Any) => {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, 2000)
          ctx.abortSignal?.addEventListener(
            'abort',
            () => {
              patientCancelled = true
              clearTimeout(timer)
              reject(new Error('patient was cancelled'))
            },
            { once: true },
          )
        })
        return 'never'
      })
      const wf = new Workflow({ name: 'wf', edges: [['START', [patient, throwingNode('boom', new Error('boom'))]]] })
      const { errorEvents } = await fail(wf, 'x')
      expect(patientCancelled).toBe(true)
      expect(errorEvents).toHaveLength(1)
      expect(errorEvents[0].author).toBe('boom')
    })

    it('does not emit when the invocation itself is aborted', async () => {
      const controller = new AbortController()
      const n = new FunctionNode('aborted', async (ctx: Any) => {
        controller.abort()
        await sleep(1)
        if (ctx.abortSignal?.aborted) throw new Error('aborted by the caller')
        return 'never'
      })
      const wf = new Workflow({ name: 'wf', edges: [['START', n]] })
      const { errorEvents, thrown } = await fail(wf, 'x', impl.createIc({ abortSignal: controller.signal }))
      expect(errorEvents).toHaveLength(0)
      expect((thrown as Error).message).toBe('aborted by the caller')
    })

    it('emits once for a node that exhausts its retryConfig, not once per attempt', async () => {
      let attempts = 0
      const flaky = new FunctionNode(
        'flaky',
        () => {
          attempts++
          throw new Error('still broken')
        },
        { retryConfig: { maxAttempts: 3, initialDelay: 0.001, jitter: 0 } },
      )
      const { errorEvents } = await fail(new Workflow({ name: 'wf', edges: [['START', flaky]] }), 'x')
      expect(attempts).toBe(3)
      expect(errorEvents).toHaveLength(1)
      expect(errorEvents[0].attemptCount).toBe(3)
      expect(errorEvents[0].errorMessage).toBe('still broken')
    })

    it('emits for a genuine timeout, identifying it as one', async () => {
      const slow = new FunctionNode(
        'slow',
        () => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 500)),
        {
          timeout: 0.02,
        },
      )
      const { errorEvents, thrown } = await fail(new Workflow({ name: 'wf', edges: [['START', slow]] }), 'x')
      expect(isNodeTimeoutError(thrown)).toBe(true)
      expect(errorEvents).toHaveLength(1)
      expect(errorEvents[0].errorType).toBe('NodeTimeoutError')
      // adk-fluent errors carry a stable code (NODE_TIMEOUT); @google/adk's NodeTimeoutError has none.
      expect(errorEvents[0].errorCode).toBe(impl.name === 'google' ? 'UNKNOWN_ERROR' : 'NODE_TIMEOUT')
      expect(errorEvents[0].errorMessage).toContain('timed out')
      expect(errorEvents[0].nodeInfo?.path).toBe('wf.slow')
    })
  })
}
