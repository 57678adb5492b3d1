// Ported from google/adk-js core/test/workflow/node_execution_test.ts. `executeChildNode(...)` (internal) is the
// public `runNode` of a root context.
import { Type } from '@google/genai'
import { describe, expect, it } from 'vitest'
import { z as z3 } from 'zod/v3'
import { z as z4 } from 'zod/v4'
import {
  TestChannel,
  driveNode,
  fnNodeClass,
  type Any,
  type NodeBaseClass,
  type PortImpl,
} from './port-harness.test-helper.js'

export function defineNodeExecutionCases(impl: PortImpl): void {
  const { NodeContext, createEvent, isNodeTimeoutError } = impl.adk
  const BaseNode: NodeBaseClass = impl.adk.BaseNode
  const FnNode = fnNodeClass(impl)
  const drive = (n: Any, input?: unknown, ic?: Any) => driveNode(impl, n, input, ic)
  /** The child context of a run under a root (what Google's tests get from `executeChildNode`). */
  const runChild = async (n: Any, input: unknown, ic: Any = impl.createIc()) => {
    const root = new NodeContext({ invocationContext: ic, channel: new TestChannel(), nodePath: '', runId: 'root' })
    return root.runNode(n, input, { useAsOutput: true })
  }

  describe('node_execution_test — node execution and the push/pull bridge', () => {
    it('streams a node event and returns its output', async () => {
      const { events, output } = await drive(new FnNode('greet', (_ctx, input) => `hello ${input}`), 'world')
      expect(output).toBe('hello world')
      expect(events).toHaveLength(1)
      expect(events[0].author).toBe('greet')
      expect(events[0].output).toBe('hello world')
      expect(events[0].nodeInfo?.path).toBe('greet')
    })

    it('passes through an explicitly emitted Event and preserves route', async () => {
      const { events, output, ctx } = await drive(
        new FnNode('router', () => createEvent({ route: 'question', output: 'q' })),
        'in',
      )
      expect(events).toHaveLength(1)
      expect(events[0].route).toBe('question')
      expect(output).toBe('q')
      expect(ctx.route).toBe('question')
      expect(events[0].nodeInfo?.path).toBe('router')
      expect(events[0].author).toBe('router')
    })

    it('supports nested ctx.runNode() with correct node paths (the bridge)', async () => {
      const inner = new FnNode('inner', (_ctx, input) => `inner(${input})`)
      const outer = new FnNode('outer', async (ctx, input) => `outer[${(await ctx.runNode(inner, input)).output}]`)
      const { events, output } = await drive(outer, 'x')
      expect(output).toBe('outer[inner(x)]')
      const paths = events.map((e) => e.nodeInfo?.path)
      expect(paths).toContain('outer.inner')
      expect(paths).toContain('outer')
      expect(paths.indexOf('outer.inner')).toBeLessThan(paths.indexOf('outer'))
    })

    it('derives nested sub-branches as dotted paths', async () => {
      let innerBranch: string | undefined = 'UNSET'
      const inner = new FnNode('inner', (ctx) => {
        innerBranch = ctx.branch
        return 'ok'
      })
      const mid = new FnNode('mid', async (ctx, input) => {
        await ctx.runNode(inner, input, { useSubBranch: true })
        return 'm'
      })
      const outer = new FnNode('outer', async (ctx, input) => {
        await ctx.runNode(mid, input, { useSubBranch: true })
        return 'o'
      })
      await drive(outer, 'x')
      expect(innerBranch).toBe('mid.inner')
    })

    it('accumulates ctx.state writes into the event action state delta', async () => {
      const child = await runChild(
        new FnNode('writer', (ctx) => {
          ctx.state.set('counter', 7)
          return 'wrote'
        }),
        undefined,
      )
      expect(child.state.get('counter')).toBe(7)
      expect(child.actions.stateDelta['counter']).toBe(7)
    })

    it('retries a flaky node per retryConfig and then succeeds', async () => {
      let attempts = 0
      const flaky = new FnNode(
        'flaky',
        () => {
          attempts++
          if (attempts < 3) throw new Error('transient')
          return 'ok-after-retry'
        },
        { retryConfig: { maxAttempts: 3, initialDelay: 0.001, backoffFactor: 1, jitter: 0 } },
      )
      const { output } = await drive(flaky, 'x')
      expect(attempts).toBe(3)
      expect(output).toBe('ok-after-retry')
    })

    it('propagates the final error when retries are exhausted', async () => {
      let attempts = 0
      const doomed = new FnNode(
        'doomed',
        () => {
          attempts++
          throw new Error('always fails')
        },
        { retryConfig: { maxAttempts: 2, initialDelay: 0.001, jitter: 0 } },
      )
      await expect(drive(doomed, 'x')).rejects.toThrow('always fails')
      expect(attempts).toBe(2)
    })

    it('clears a failed attempt state writes before retrying', async () => {
      let attempts = 0
      const child = await runChild(
        new FnNode(
          'writer',
          (ctx) => {
            attempts++
            ctx.state.set(`attempt-${attempts}`, attempts)
            if (attempts < 2) throw new Error('transient')
            return 'ok'
          },
          { retryConfig: { maxAttempts: 2, initialDelay: 0.001, jitter: 0 } },
        ),
        'x',
      )
      expect(child.output).toBe('ok')
      expect(child.actions.stateDelta).toEqual({ 'attempt-2': 2 })
    })

    it('enforces a per-node timeout with NodeTimeoutError', async () => {
      const slow = new FnNode('slow', () => new Promise((resolve) => setTimeout(() => resolve('late'), 200)), {
        timeout: 0.02,
      })
      const error = await drive(slow, 'x').then(
        () => undefined,
        (e) => e,
      )
      expect(isNodeTimeoutError(error)).toBe(true)
    })

    it('cancels a timed-out node: aborts the signal and drops post-deadline events', async () => {
      let captured: AbortSignal | undefined
      class SlowStream extends BaseNode {
        protected async *runImpl(ctx: Any): AsyncGenerator<unknown, void, undefined> {
          captured = ctx.abortSignal
          yield createEvent({ author: 'slow', content: { role: 'model', parts: [{ text: 'early' }] } })
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, 500)
            ctx.abortSignal?.addEventListener(
              'abort',
              () => {
                clearTimeout(t)
                resolve()
              },
              { once: true },
            )
          })
          yield createEvent({ author: 'slow', content: { role: 'model', parts: [{ text: 'late' }] }, output: 'late' })
        }
      }
      const channel = new TestChannel<Any>()
      const root = new NodeContext({ invocationContext: impl.createIc(), channel, nodePath: '', runId: 'root' })
      const seen: string[] = []
      const orchestration = root.runNode(new SlowStream({ name: 'slow', timeout: 0.02 }), 'x').then(
        () => channel.close(),
        (error: unknown) => channel.fail(error),
      )
      let thrown: unknown
      try {
        for await (const event of channel) seen.push(event.content?.parts?.[0]?.text ?? '')
      } catch (error) {
        thrown = error
      }
      await orchestration.catch(() => undefined)
      expect(isNodeTimeoutError(thrown)).toBe(true)
      expect(seen).toContain('early')
      expect(seen).not.toContain('late')
      expect(captured?.aborted).toBe(true)
    })

    it('reports an external abort on a timeout-bearing node as an abort', async () => {
      const controller = new AbortController()
      const slow = new FnNode('slow', () => new Promise((resolve) => setTimeout(() => resolve('late'), 500)), {
        timeout: 10,
      })
      setTimeout(() => controller.abort(), 10)
      const error = await drive(slow, 'x', impl.createIc({ abortSignal: controller.signal })).then(
        () => undefined,
        (e) => e,
      )
      expect(impl.isInvocationAbortedError(error)).toBe(true)
      expect(isNodeTimeoutError(error)).toBe(false)
    })

    it('does not spend a retry attempt on an external abort', async () => {
      const controller = new AbortController()
      let attempts = 0
      const slow = new FnNode(
        'slow',
        () => {
          attempts++
          return new Promise((resolve) => setTimeout(() => resolve('late'), 500))
        },
        { timeout: 10, retryConfig: { maxAttempts: 3, initialDelay: 0, jitter: 0 } },
      )
      setTimeout(() => controller.abort(), 10)
      const error = await drive(slow, 'x', impl.createIc({ abortSignal: controller.signal })).then(
        () => undefined,
        (e) => e,
      )
      expect(impl.isInvocationAbortedError(error)).toBe(true)
      expect((error as Error).message).toContain("node 'slow'")
      expect(attempts).toBe(1)
    })

    it('still reports a fired deadline as a timeout when a signal is present', async () => {
      const controller = new AbortController()
      const slow = new FnNode('slow', () => new Promise((resolve) => setTimeout(() => resolve('late'), 500)), {
        timeout: 0.02,
      })
      const error = await drive(slow, 'x', impl.createIc({ abortSignal: controller.signal })).then(
        () => undefined,
        (e) => e,
      )
      expect(isNodeTimeoutError(error)).toBe(true)
    })

    it('rejects with InvocationAbortedError when the invocation is aborted before the backoff', async () => {
      const controller = new AbortController()
      controller.abort()
      const doomed = new FnNode(
        'doomed',
        () => {
          throw new Error('boom')
        },
        { retryConfig: { maxAttempts: 3, initialDelay: 0.01, jitter: 0 } },
      )
      const error = await drive(doomed, 'x', impl.createIc({ abortSignal: controller.signal })).then(
        () => undefined,
        (e) => e,
      )
      expect(impl.isInvocationAbortedError(error)).toBe(true)
    })
  })

  describe('node_execution_test — output and input schemas (zod v3, zod v4, genai Schema)', () => {
    it('validates output against a Zod v4 schema', async () => {
      const n = new FnNode('n', () => ({ count: 1 }), { outputSchema: z4.object({ count: z4.number() }) })
      expect((await drive(n)).output).toEqual({ count: 1 })
    })

    it('rejects output that fails a Zod v4 schema', async () => {
      const n = new FnNode('n', () => ({ count: 'nope' }), { outputSchema: z4.object({ count: z4.number() }) })
      await expect(drive(n)).rejects.toThrow()
    })

    it('validates output against a Zod v3 schema', async () => {
      const n = new FnNode('n', () => ({ count: 2 }), { outputSchema: z3.object({ count: z3.number() }) })
      expect((await drive(n)).output).toEqual({ count: 2 })
    })

    it('rejects output that fails a Zod v3 schema', async () => {
      const n = new FnNode('n', () => ({ count: 'nope' }), { outputSchema: z3.object({ count: z3.number() }) })
      await expect(drive(n)).rejects.toThrow()
    })

    it('validates output against a genai Schema', async () => {
      const n = new FnNode('n', () => ({ count: 3 }), {
        outputSchema: { type: Type.OBJECT, properties: { count: { type: Type.NUMBER } }, required: ['count'] },
      })
      expect((await drive(n)).output).toEqual({ count: 3 })
    })

    it('rejects output that fails a genai Schema', async () => {
      const n = new FnNode('n', () => ({ anything: 'goes' }), {
        outputSchema: { type: Type.OBJECT, properties: { count: { type: Type.NUMBER } }, required: ['count'] },
      })
      await expect(drive(n)).rejects.toThrow()
    })

    it('validates input against a Zod v4 schema', async () => {
      const n = new FnNode('n', (_c, i) => i, { inputSchema: z4.object({ x: z4.number() }) })
      expect((await drive(n, { x: 1 })).output).toEqual({ x: 1 })
    })

    it('rejects input that fails the schema', async () => {
      const n = new FnNode('n', (_c, i) => i, { inputSchema: z4.object({ x: z4.number() }) })
      await expect(drive(n, { x: 'no' })).rejects.toThrow()
    })

    it('passes genai Content input through without schema validation', async () => {
      const n = new FnNode('n', (_c, i) => i, { inputSchema: z4.object({ x: z4.number() }) })
      const content = { role: 'user', parts: [{ text: 'hi' }] }
      expect((await drive(n, content)).output).toEqual(content)
    })
  })

  describe('node_execution_test — outputFor', () => {
    it('names the emitting node on its own output event', async () => {
      const { events } = await drive(new FnNode('solo', () => 'done'))
      const withOutput = events.filter((e) => e.output !== undefined)
      expect(withOutput).toHaveLength(1)
      expect(withOutput[0].nodeInfo?.outputFor).toEqual(['solo'])
    })

    it('names the ancestors that took the output as their own', async () => {
      const inner = new FnNode('inner', () => 'value')
      const outer = new FnNode('outer', async (ctx) => {
        await ctx.runNode(inner, null, { useAsOutput: true })
        return undefined
      })
      const withOutput = (await drive(outer)).events.filter((e) => e.output !== undefined)
      expect(withOutput).toHaveLength(1)
      expect(withOutput[0].nodeInfo?.path).toBe('outer.inner')
      expect(withOutput[0].nodeInfo?.outputFor).toEqual(['outer.inner', 'outer'])
    })

    it('leaves it off an event that carries no output', async () => {
      const quiet = new FnNode('quiet', (ctx) => {
        ctx.emit(createEvent({ author: 'quiet', content: { parts: [{ text: 'hi' }] } }))
        return undefined
      })
      const textOnly = (await drive(quiet)).events.filter((e) => e.output === undefined)
      expect(textOnly.length).toBeGreaterThan(0)
      for (const event of textOnly) expect(event.nodeInfo?.outputFor).toBeUndefined()
    })
  })
}
