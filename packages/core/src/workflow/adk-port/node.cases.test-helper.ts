// Ported from google/adk-js core/test/workflow/node_execution_test.ts, function_node_test.ts, node_api_test.ts,
// tool_node_test.ts and agent_as_node_test.ts. `executeChildNode(...)` (internal) is the public `runNode` of a root
// context; `createGraphFromEdgeItems` is not needed here.
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

export function defineNodeCases(impl: PortImpl): void {
  const { FunctionNode, JoinNode, ToolNode, Workflow, BaseTool, NodeContext, createEvent } = impl.adk
  const BaseNode: NodeBaseClass = impl.adk.BaseNode
  const WorkflowNode: NodeBaseClass = impl.adk.WorkflowNode
  const { node, isNodeTimeoutError, getFunctionResponses } = impl.adk
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

  describe('function_node_test / node_api_test — FunctionNode', () => {
    it('boxes a plain return value into an output event', async () => {
      const { output, events } = await drive(new FunctionNode('greet', (_c: Any, input: Any) => `hi ${input}`), 'x')
      expect(output).toBe('hi x')
      expect(events[0].output).toBe('hi x')
    })

    it('awaits an async handler', async () => {
      const n = new FunctionNode('a', async (_c: Any, input: Any) => {
        await Promise.resolve()
        return `async:${input}`
      })
      expect((await drive(n, 'v')).output).toBe('async:v')
    })

    it('yields one event per item from a generator handler (last output wins)', async () => {
      const n = new FunctionNode('gen', function* (_c: Any, input: Any) {
        yield `${input}-1`
        yield `${input}-2`
      })
      const { events, output } = await drive(n, 'g')
      expect(events.map((e) => e.output)).toEqual(['g-1', 'g-2'])
      expect(output).toBe('g-2')
    })

    it('supports async generators', async () => {
      const n = new FunctionNode('agen', async function* () {
        yield 'one'
        await Promise.resolve()
        yield 'two'
      })
      expect((await drive(n)).events.map((e) => e.output)).toEqual(['one', 'two'])
    })

    it('emits a genai Content result as the event content', async () => {
      const { events } = await drive(new FunctionNode('c', () => ({ role: 'model', parts: [{ text: 'hi' }] })))
      expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('hi')
    })

    it('skips a null result with no pending state', async () => {
      const { events, output } = await drive(new FunctionNode('n', () => null))
      expect(events).toHaveLength(0)
      expect(output).toBeUndefined()
    })

    it('skips null returns but keeps state deltas', async () => {
      const { events } = await drive(
        new FunctionNode('writer', (ctx: Any) => {
          ctx.state.set('flag', true)
          return null
        }),
      )
      expect(events).toHaveLength(1)
      expect(events[0].output).toBeUndefined()
      expect(events[0].actions.stateDelta['flag']).toBe(true)
    })

    it('attaches state deltas to output events', async () => {
      const { events } = await drive(
        new FunctionNode('w', (ctx: Any) => {
          ctx.state.set('count', 3)
          return 'ok'
        }),
      )
      expect(events[0].output).toBe('ok')
      expect(events[0].actions.stateDelta['count']).toBe(3)
    })

    it('passes an explicitly returned Event through', async () => {
      expect((await drive(new FunctionNode('e', () => createEvent({ output: 'x' })))).output).toBe('x')
    })

    it('attaches each written key only once across a multi-event run', async () => {
      const n = new FunctionNode('w', function* (ctx: Any) {
        ctx.state.set('k', 1)
        yield 'a'
        yield 'b'
      })
      const { events } = await drive(n)
      expect(events[0].actions.stateDelta).toEqual({ k: 1 })
      expect(events[1].actions.stateDelta).toEqual({})
    })

    it('lets a handler-set event delta win over the context delta', async () => {
      const n = new FunctionNode('w', function* (ctx: Any) {
        ctx.state.set('k', 'ctx')
        yield createEvent({ output: 'x', actions: { stateDelta: { k: 'handler' } } })
      })
      expect((await drive(n)).events.at(-1)?.actions.stateDelta.k).toBe('handler')
    })

    it('validates output against an outputSchema', async () => {
      const schema = z4.object({ n: z4.number() })
      expect((await drive(new FunctionNode('g', () => ({ n: 5 }), { outputSchema: schema }))).output).toEqual({ n: 5 })
      await expect(
        drive(new FunctionNode('b', () => ({ n: 'not-a-number' }), { outputSchema: schema })),
      ).rejects.toThrow()
    })
  })

  describe('node_api_test — node() factory, WorkflowNode subclass, JoinNode and ToolNode in a workflow', () => {
    it('wraps a function, deriving the name', () => {
      function classify() {
        return 'ok'
      }
      const n = node(classify)
      expect(n).toBeInstanceOf(FunctionNode)
      expect(n.name).toBe('classify')
    })

    it('wraps a function with an explicit name override', () => {
      expect(node((_c: Any, input: unknown) => input, { name: 'passthru' }).name).toBe('passthru')
    })

    it('wraps a BaseTool into a ToolNode', () => {
      const n = node(new (echoToolClass(BaseTool))())
      expect(n).toBeInstanceOf(ToolNode)
      expect(n.name).toBe('echo')
    })

    it('returns an existing BaseNode unchanged', () => {
      const existing = new FunctionNode('keep', () => 1)
      expect(node(existing)).toBe(existing)
    })

    it('returns an agent unchanged, because an agent is a node', () => {
      const agent = impl.replyAgent('a', 'ok')
      expect(node(agent)).toBe(agent)
    })

    it('rejects a value that merely looks like an agent', () => {
      const fakeAgent = { name: 'a', runAsync: async function* () {} }
      expect(() => node(fakeAgent)).toThrow(/unsupported/)
    })

    it('runs a subclass via runNodeImpl', async () => {
      class DoubleNode extends WorkflowNode {
        protected async *runNodeImpl(_ctx: Any, input: number): AsyncGenerator<unknown, void, undefined> {
          yield input * 2
        }
      }
      expect((await drive(new DoubleNode({ name: 'double' }), 5)).output).toBe(10)
    })

    it('fans in with the real JoinNode', async () => {
      const a = node((_c: Any, input: unknown) => `A(${input})`, { name: 'A' })
      const b = node((_c: Any, input: unknown) => `B(${input})`, { name: 'B' })
      const wf = new Workflow({ name: 'fan', edges: [['START', [a, b], new JoinNode({ name: 'join' })]] })
      expect((await drive(wf, 'x')).output).toEqual({ A: 'A(x)', B: 'B(x)' })
    })

    it('runs a ToolNode with object args', async () => {
      const wf = new Workflow({ name: 'tool_wf', edges: [['START', new ToolNode(new (echoToolClass(BaseTool))())]] })
      expect((await drive(wf, { msg: 'hi' })).output).toEqual({ echoed: { msg: 'hi' } })
    })
  })

  describe('tool_node_test — ToolNode', () => {
    const EchoTool = echoToolClass(BaseTool)
    class StateWritingTool extends BaseTool {
      constructor() {
        super({ name: 'writer', description: 'writes state' })
      }
      async runAsync({ toolContext }: Any): Promise<unknown> {
        toolContext.state.set('touched', true)
        return 'done'
      }
    }

    it('invokes the tool with coerced args and surfaces the response', async () => {
      const tool = new EchoTool()
      const { events, output } = await drive(new ToolNode(tool), { city: 'ams' })
      expect(tool.lastArgs).toEqual({ city: 'ams' })
      expect(output).toEqual({ echoed: { city: 'ams' } })
      expect(getFunctionResponses(events.at(-1))[0]?.name).toBe('echo')
    })

    it('propagates tool context state writes onto the emitted event', async () => {
      const { events } = await drive(new ToolNode(new StateWritingTool()))
      expect(events.at(-1)?.actions.stateDelta).toEqual({ touched: true })
    })

    it('runs the plugin tool-callback chain (before_tool_callback override)', async () => {
      const tool = new EchoTool()
      const ic = impl.createIc({ plugins: [impl.overridePlugin({ overridden: true })] })
      const { output } = await drive(new ToolNode(tool), { a: 1 }, ic)
      expect(output).toEqual({ overridden: true })
      expect(tool.lastArgs).toBeUndefined()
    })

    it('throws for a long-running tool at construction', () => {
      class LongTool extends BaseTool {
        constructor() {
          super({ name: 'long', description: 'long', isLongRunning: true })
        }
        async runAsync(): Promise<unknown> {
          return null
        }
      }
      expect(() => new ToolNode(new LongTool())).toThrow(/long-running/i)
    })

    const argsOf = async (input: unknown) => {
      const tool = new EchoTool()
      await drive(new ToolNode(tool), input)
      return tool.lastArgs
    }

    it('passes an object through unchanged', async () => {
      expect(await argsOf({ a: 1 })).toEqual({ a: 1 })
    })

    it('parses a JSON-string input', async () => {
      expect(await argsOf('{"a":2}')).toEqual({ a: 2 })
    })

    it('extracts and parses text from genai Content', async () => {
      expect(await argsOf({ role: 'user', parts: [{ text: '{"a":3}' }] })).toEqual({ a: 3 })
    })

    it('treats null / empty string as no arguments', async () => {
      expect(await argsOf(null)).toEqual({})
      expect(await argsOf('')).toEqual({})
    })

    it('rejects array and scalar inputs', async () => {
      await expect(drive(new ToolNode(new EchoTool()), [1, 2])).rejects.toThrow(TypeError)
      await expect(drive(new ToolNode(new EchoTool()), 5)).rejects.toThrow(TypeError)
    })
  })

  describe('agent_as_node_test — an agent is a node', () => {
    it('runs a plain agent directly as a node', async () => {
      const { events, output } = await drive(impl.echoAgent('echo', 'hi'))
      expect(output).toBe('hi')
      expect(events).toHaveLength(1)
      expect(events[0].author).toBe('echo')
      expect(events[0].nodeInfo?.path).toBe('echo')
    })

    it('runs an agent as a dynamic child via ctx.runNode()', async () => {
      const specialist = impl.echoAgent('specialist', 'answer')
      const coordinator = new FnNode('coordinator', async (ctx) => `got:${(await ctx.runNode(specialist)).output}`)
      const { events, output } = await drive(coordinator)
      expect(output).toBe('got:answer')
      const agentEvent = events.find((e) => e.author === 'specialist')
      expect(agentEvent).toBeDefined()
      expect(agentEvent.nodeInfo?.path).toBe('coordinator.specialist')
    })

    it('sees the invocation context the node context hands it', async () => {
      let seen: Any
      const ic = impl.createIc({ state: { greeting: 'hello' } })
      await drive(
        impl.capturingAgent('capture', (context) => (seen = context)),
        undefined,
        ic,
      )
      expect(seen).toBeDefined()
      expect(seen.invocationId).toBe(ic.invocationId)
      expect(seen.session.state['greeting']).toBe('hello')
    })

    it('runs an LlmAgent node on its input and makes its answer the output', async () => {
      const writer = impl.replyAgent('writer', 'a draft')
      const wf = new Workflow({ name: 'write', edges: [['START', writer]] })
      const { events, output } = await drive(wf, 'topic: rivers')
      expect(output).toBe('a draft')
      const answer = events.find((e) => e.output === 'a draft')
      expect(answer.author).toBe('writer')
      expect(answer.nodeInfo?.path).toBe('write.writer')
    })
  })
}

/** A tool that records the args it was called with and echoes them back. */
function echoToolClass(BaseTool: Any): new () => Any {
  return class EchoTool extends BaseTool {
    lastArgs?: Record<string, unknown>
    constructor() {
      super({ name: 'echo', description: 'echoes its args' })
    }
    async runAsync({ args }: Any): Promise<unknown> {
      this.lastArgs = args
      return { echoed: args }
    }
  }
}
