// Ported from google/adk-js core/test/workflow/function_node_test.ts, node_api_test.ts, tool_node_test.ts and
// agent_as_node_test.ts.
import { describe, expect, it } from 'vitest'
import { z as z4 } from 'zod/v4'
import { driveNode, fnNodeClass, type Any, type NodeBaseClass, type PortImpl } from './port-harness.test-helper.js'

export function defineNodeApiCases(impl: PortImpl): void {
  const { FunctionNode, JoinNode, ToolNode, Workflow, BaseTool, createEvent } = impl.adk
  const WorkflowNode: NodeBaseClass = impl.adk.WorkflowNode
  const { node, getFunctionResponses } = impl.adk
  const FnNode = fnNodeClass(impl)
  const drive = (n: Any, input?: unknown, ic?: Any) => driveNode(impl, n, input, ic)

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
