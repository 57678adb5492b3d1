import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import type { Context } from '../agents/context.js'
import type { SingleAfterToolCallback } from '../agents/llm-agent-callbacks.js'
import { MaxTurnsError } from '../errors/runtime-errors.js'
import { BasePlugin } from '../plugins/base-plugin.js'
import { BaseTool } from '../tools/base-tool.js'
import { FunctionTool, LongRunningFunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import {
  createHarness,
  deferred,
  functionCallPart,
  functionResponsePart,
  simplify,
  simplifyContents,
} from '../testing/harness.test-helper.js'

/** ADK's `simple_function(input_str)` → `{ result: input_str }`, counting its runs. */
function simpleFunction() {
  const execute = vi.fn(({ input_str }: { input_str: string }) => ({ result: input_str }))
  const tool = new FunctionTool({
    name: 'simple_function',
    description: 'Echoes its input.',
    parameters: z.object({ input_str: z.string() }),
    execute,
  })
  return { tool, execute }
}

function increaseByOne() {
  const execute = vi.fn(({ x }: { x: number }) => x + 1)
  const tool = new FunctionTool({
    name: 'increase_by_one',
    description: 'Adds one.',
    parameters: z.object({ x: z.number() }),
    execute,
  })
  return { tool, execute }
}

const callPart = functionCallPart
const responsePart = functionResponsePart

describe('function calls and history (spec 10.1 #8, 10.5 #35–37)', () => {
  it('#35 a tool round-trip: the second request holds the call and its response', async () => {
    const { tool } = increaseByOne()
    const llm = new ScriptedLlm([call('increase_by_one', { x: 1 }), 'response1'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    ).run('test')
    expect(simplify(events)).toEqual([
      ['root_agent', callPart('increase_by_one', { x: 1 })],
      ['root_agent', responsePart('increase_by_one', { result: 2 })],
      ['root_agent', 'response1'],
    ])
    expect(simplifyContents(llm.requests[0]?.contents ?? [])).toEqual([['user', 'test']])
    expect(simplifyContents(llm.requests[1]?.contents ?? [])).toEqual([
      ['user', 'test'],
      ['model', callPart('increase_by_one', { x: 1 })],
      ['user', responsePart('increase_by_one', { result: 2 })],
    ])
  })

  it('#36 three sequential calls: requests with 1, 3, 5, 7 contents', async () => {
    const { tool, execute } = increaseByOne()
    const llm = new ScriptedLlm([
      call('increase_by_one', { x: 1 }),
      call('increase_by_one', { x: 2 }),
      call('increase_by_one', { x: 3 }),
      'response1',
    ])
    await (await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))).run('test')
    expect(llm.requests.map((request) => request.contents.length)).toEqual([1, 3, 5, 7])
    expect(simplifyContents(llm.requests[3]?.contents ?? []).map(([role]) => role)).toEqual([
      'user',
      'model',
      'user',
      'model',
      'user',
      'model',
      'user',
    ])
    expect(execute).toHaveBeenCalledTimes(3)
  })

  it('#37 parallel calls: one merged response event, parts in call order', async () => {
    const { tool } = increaseByOne()
    const llm = new ScriptedLlm([
      call([
        ['increase_by_one', { x: 1 }],
        ['increase_by_one', { x: 2 }],
        ['increase_by_one', { x: 3 }],
      ]),
      'response1',
    ])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    ).run('test')
    expect(events).toHaveLength(3)
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      [
        responsePart('increase_by_one', { result: 2 }),
        responsePart('increase_by_one', { result: 3 }),
        responsePart('increase_by_one', { result: 4 }),
      ],
    ])
    const callIds = events[0]?.content?.parts?.map((part) => part.functionCall?.id)
    const responseIds = events[1]?.content?.parts?.map((part) => part.functionResponse?.id)
    expect(responseIds).toEqual(callIds)
    expect(simplifyContents(llm.requests[1]?.contents ?? []).map(([role]) => role)).toEqual(['user', 'model', 'user'])
  })

  it('#8 id-less calls get adk- ids shared with their responses; requests never carry adk- ids', async () => {
    const { tool } = increaseByOne()
    const llm = new ScriptedLlm([
      call('increase_by_one', { x: 1 }),
      call('increase_by_one', { x: 2 }, 'call_1'),
      'done',
    ])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const events = await harness.run('test')
    const generated = events[0]?.content?.parts?.[0]?.functionCall?.id
    expect(generated).toMatch(/^adk-[0-9a-f-]{36}$/)
    expect(events[1]?.content?.parts?.[0]?.functionResponse?.id).toBe(generated)
    expect(events[2]?.content?.parts?.[0]?.functionCall?.id).toBe('call_1')
    expect(events[3]?.content?.parts?.[0]?.functionResponse?.id).toBe('call_1')
    for (const request of llm.requests) {
      expect(JSON.stringify(request.contents)).not.toContain('adk-')
    }
    expect(llm.requests[2]?.contents[3]?.parts?.[0]?.functionCall?.id).toBe('call_1')
    expect(llm.requests[2]?.contents[4]?.parts?.[0]?.functionResponse?.id).toBe('call_1')
    const stored = await harness.session()
    expect(stored.events[1]?.content?.parts?.[0]?.functionCall?.id).toBe(generated)
  })
})

describe('tool callbacks (spec 10.8)', () => {
  it('#65 a before-tool result is used and the tool does not run', async () => {
    const { tool, execute } = simpleFunction()
    const llm = new ScriptedLlm([call('simple_function', { input_str: 'simple_function_call' }), 'response1'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [tool],
      beforeToolCallback: () => ({ test: 'before_tool_callback' }),
    })
    const events = await (await createHarness(agent)).run('test')
    expect(simplify(events)).toEqual([
      ['root_agent', callPart('simple_function', { input_str: 'simple_function_call' })],
      ['root_agent', responsePart('simple_function', { test: 'before_tool_callback' })],
      ['root_agent', 'response1'],
    ])
    expect(execute).not.toHaveBeenCalled()
  })

  it('a before-tool {} counts as a result', async () => {
    const { tool, execute } = simpleFunction()
    const llm = new ScriptedLlm([call('simple_function', { input_str: 'x' }), 'response1'])
    const agent = new LlmAgent({ name: 'root_agent', model: llm, tools: [tool], beforeToolCallback: () => ({}) })
    const events = await (await createHarness(agent)).run('test')
    expect(simplify(events)[1]).toEqual(['root_agent', responsePart('simple_function', {})])
    expect(execute).not.toHaveBeenCalled()
  })

  it('#66 a before-tool callback may change the arguments in place', async () => {
    const { tool } = simpleFunction()
    const llm = new ScriptedLlm([call('simple_function', { input_str: 'simple_function_call' }), 'response1'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [tool],
      beforeToolCallback: ({ args }) => {
        args['input_str'] = 'modified_input'
      },
    })
    const events = await (await createHarness(agent)).run('test')
    expect(simplify(events)[1]).toEqual(['root_agent', responsePart('simple_function', { result: 'modified_input' })])
    // The callback edits a copy: the stored call and the next request show what the model sent.
    expect(simplify(events)[0]).toEqual([
      'root_agent',
      callPart('simple_function', { input_str: 'simple_function_call' }),
    ])
    expect(simplifyContents(llm.requests[1]?.contents ?? [])[1]).toEqual([
      'model',
      callPart('simple_function', { input_str: 'simple_function_call' }),
    ])
  })

  it('#67 after-tool: a returned object replaces the result; returning the mutated response; a no-op keeps it', async () => {
    const cases: Array<[SingleAfterToolCallback, Record<string, unknown>]> = [
      [() => ({ test: 'after_tool_callback' }), { test: 'after_tool_callback' }],
      [
        ({ response }) => {
          response['result'] = 'modified_output'
          return response
        },
        { result: 'modified_output' },
      ],
      [() => undefined, { result: 'simple_function_call' }],
    ]
    for (const [afterToolCallback, expected] of cases) {
      const { tool } = simpleFunction()
      const llm = new ScriptedLlm([call('simple_function', { input_str: 'simple_function_call' }), 'response1'])
      const agent = new LlmAgent({ name: 'root_agent', model: llm, tools: [tool], afterToolCallback })
      const events = await (await createHarness(agent)).run('test')
      expect(simplify(events)[1]).toEqual(['root_agent', responsePart('simple_function', expected)])
    }
  })

  it('#68 callback chains: the first callback that returns a value wins', async () => {
    const seen: string[] = []
    const { tool, execute } = simpleFunction()
    const llm = new ScriptedLlm([call('simple_function', { input_str: 'in' }), 'response1'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [tool],
      beforeToolCallback: [
        () => {
          seen.push('before1')
        },
        () => {
          seen.push('before2')
          return { from: 'before2' }
        },
        () => {
          seen.push('before3')
          return { from: 'before3' }
        },
      ],
      afterToolCallback: [
        () => {
          seen.push('after1')
        },
        ({ response }) => {
          seen.push('after2')
          return { ...response, wrapped: true }
        },
        () => {
          seen.push('after3')
          return { from: 'after3' }
        },
      ],
    })
    const events = await (await createHarness(agent)).run('test')
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      responsePart('simple_function', { from: 'before2', wrapped: true }),
    ])
    expect(seen).toEqual(['before1', 'before2', 'after1', 'after2'])
    expect(execute).not.toHaveBeenCalled()
  })

  it('#69 plugin tool hooks win and skip the agent’s tool callbacks', async () => {
    class ToolPlugin extends BasePlugin {
      override beforeToolCallback({ toolArgs }: { toolArgs: Record<string, unknown> }) {
        return toolArgs['input_str'] === 'skip' ? { from: 'plugin_before' } : undefined
      }
      override afterToolCallback({ result }: { result: Record<string, unknown> }) {
        return { ...result, from: 'plugin_after' }
      }
    }
    const agentBefore = vi.fn(() => undefined)
    const agentAfter = vi.fn(() => ({ from: 'agent_after' }))
    const { tool, execute } = simpleFunction()
    const llm = new ScriptedLlm([
      call([
        ['simple_function', { input_str: 'skip' }],
        ['simple_function', { input_str: 'run' }],
      ]),
      'response1',
    ])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [tool],
      beforeToolCallback: agentBefore,
      afterToolCallback: agentAfter,
    })
    const events = await (await createHarness(agent, { plugins: [new ToolPlugin('tools')] })).run('test')
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      [
        responsePart('simple_function', { from: 'plugin_after' }),
        responsePart('simple_function', { result: 'run', from: 'plugin_after' }),
      ],
    ])
    expect(execute).toHaveBeenCalledTimes(1)
    expect(agentBefore).toHaveBeenCalledTimes(1)
    expect(agentAfter).not.toHaveBeenCalled()
  })
})

describe('maxToolRetries (API §5.7)', () => {
  const bad = () => call('increase_by_one', { x: 'one' })

  it('asks again twice by default, then stops with TOOL_RETRIES_EXCEEDED instead of asking a fourth time', async () => {
    const { tool, execute } = increaseByOne()
    const llm = new ScriptedLlm([bad(), bad(), bad(), bad(), 'never'])
    const agent = new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] })
    const events = await (await createHarness(agent)).run('test')
    expect(llm.requests).toHaveLength(3)
    expect(execute).not.toHaveBeenCalled()
    const last = events[events.length - 1]
    expect(last?.errorCode).toBe('TOOL_RETRIES_EXCEEDED')
    expect(last?.errorMessage).toContain('increase_by_one')
  })

  it('maxToolRetries: 0 stops after the first invalid call; a valid call afterwards is not counted', async () => {
    const { tool } = increaseByOne()
    const strict = new ScriptedLlm([bad(), 'never'])
    const agent = new LlmAgent({ name: 'root_agent', model: strict, tools: [tool], maxToolRetries: 0 })
    const events = await (await createHarness(agent)).run('test')
    expect(strict.requests).toHaveLength(1)
    expect(events[events.length - 1]?.errorCode).toBe('TOOL_RETRIES_EXCEEDED')
    const { tool: other } = increaseByOne()
    const recovering = new ScriptedLlm([bad(), call('increase_by_one', { x: 1 }), 'two'])
    const lenient = new LlmAgent({ name: 'root_agent', model: recovering, tools: [other], maxToolRetries: 1 })
    const answer = await (await createHarness(lenient)).run('test')
    expect(answer[answer.length - 1]?.errorCode).toBeUndefined()
    expect(() => new LlmAgent({ name: 'a', maxToolRetries: -1 })).toThrow('maxToolRetries must be a whole number')
  })
})

describe('tool results and errors (spec 10.8)', () => {
  it('#70 a tool that throws gives the model { error } and the run goes on', async () => {
    const errorTool = new FunctionTool({
      name: 'errorTool',
      description: 'Fails.',
      execute: () => {
        throw new Error('tool error message content')
      },
    })
    const llm = new ScriptedLlm([call('errorTool', {}), 'recovered'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [errorTool] }))
    ).run('test')
    expect(simplify(events)).toEqual([
      ['root_agent', callPart('errorTool')],
      ['root_agent', responsePart('errorTool', { error: "Error in tool 'errorTool': tool error message content" })],
      ['root_agent', 'recovered'],
    ])
  })

  it('#70 plugin onToolErrorCallback supplies the result', async () => {
    const errors: string[] = []
    class Recovering extends BasePlugin {
      override onToolErrorCallback({ error }: { error: Error }) {
        errors.push(error.message)
        return { result: 'onToolErrorCallback executed' }
      }
    }
    const errorTool = new FunctionTool({
      name: 'errorTool',
      description: 'Fails.',
      execute: () => {
        throw new Error('tool error message content')
      },
    })
    const llm = new ScriptedLlm([call('errorTool', {}), 'recovered'])
    const agent = new LlmAgent({ name: 'root_agent', model: llm, tools: [errorTool] })
    const events = await (await createHarness(agent, { plugins: [new Recovering('r')] })).run('test')
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      responsePart('errorTool', { result: 'onToolErrorCallback executed' }),
    ])
    expect(errors).toEqual(["Error in tool 'errorTool': tool error message content"])
  })

  it('a tool that throws loses the state it wrote before failing', async () => {
    const failing = new FunctionTool({
      name: 'half_done',
      description: 'Writes then fails.',
      execute: (_args, context) => {
        context.state.set('half', 'written')
        throw new Error('second step failed')
      },
    })
    const llm = new ScriptedLlm([call('half_done', {}), 'ok'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [failing] }))
    const events = await harness.run('test')
    expect(events[1]?.actions.stateDelta).toEqual({})
    expect((await harness.session()).state).not.toHaveProperty('half')
  })

  it('#71 results are normalised: number → {result}, object as is, undefined → {result: null}, array → {result: [...]}', async () => {
    const values: Record<string, unknown> = {
      number: 2,
      object: { a: 1 },
      nothing: undefined,
      list: [1, 2],
      text: 'hi',
      nil: null,
    }
    const tools = Object.entries(values).map(
      ([name, value]) => new FunctionTool({ name, description: name, execute: () => value }),
    )
    const llm = new ScriptedLlm([call(Object.keys(values).map((name) => [name, {}] as const)), 'done'])
    const events = await (await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools }))).run('test')
    expect(events[1]?.content?.parts?.map((part) => part.functionResponse?.response)).toEqual([
      { result: 2 },
      { a: 1 },
      { result: null },
      { result: [1, 2] },
      { result: 'hi' },
      { result: null },
    ])
  })

  it('#72 a tool’s state write is on its response event and reaches the session', async () => {
    const update = new FunctionTool({
      name: 'update_state',
      description: 'Writes x.',
      execute: (_args, context) => {
        context.state.set('x', 1)
        return { ok: true }
      },
    })
    const llm = new ScriptedLlm([call('update_state', {}), 'done'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [update] }))
    const events = await harness.run('test')
    expect(events[1]?.actions.stateDelta).toEqual({ x: 1 })
    expect((await harness.session()).state['x']).toBe(1)
  })

  it('#73 two parallel tools writing different keys: the merged event carries both', async () => {
    const writer = (key: string) =>
      new FunctionTool({
        name: `write_${key}`,
        description: key,
        execute: (_args, context) => {
          context.state.set(key, key.toUpperCase())
          return {}
        },
      })
    const llm = new ScriptedLlm([
      call([
        ['write_a', {}],
        ['write_b', {}],
      ]),
      'done',
    ])
    const harness = await createHarness(
      new LlmAgent({ name: 'root_agent', model: llm, tools: [writer('a'), writer('b')] }),
    )
    const events = await harness.run('test')
    expect(events[1]?.actions.stateDelta).toEqual({ a: 'A', b: 'B' })
    expect((await harness.session()).state).toMatchObject({ a: 'A', b: 'B' })
  })

  it('#74 skipSummarization ends the agent on the response event; the model is called once', async () => {
    const final = new FunctionTool({
      name: 'final_answer',
      description: 'Ends.',
      execute: (_args, context) => {
        context.actions.skipSummarization = true
        return { answer: 42 }
      },
    })
    const llm = new ScriptedLlm([call('final_answer', {}), 'never'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [final] }))
    ).run('test')
    expect(simplify(events)).toEqual([
      ['root_agent', callPart('final_answer')],
      ['root_agent', responsePart('final_answer', { answer: 42 })],
    ])
    expect(llm.requests).toHaveLength(1)
  })

  it('#75 an unknown tool name gets an error response listing the tools, and the model can retry', async () => {
    const { tool } = simpleFunction()
    const llm = new ScriptedLlm([call('no_such_tool', { a: 1 }), call('simple_function', { input_str: 'ok' }), 'done'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    ).run('test')
    expect(simplify(events)).toEqual([
      ['root_agent', callPart('no_such_tool', { a: 1 })],
      [
        'root_agent',
        responsePart('no_such_tool', {
          error: 'Function no_such_tool is not found in the toolsDict. Available tools: simple_function.',
        }),
      ],
      ['root_agent', callPart('simple_function', { input_str: 'ok' })],
      ['root_agent', responsePart('simple_function', { result: 'ok' })],
      ['root_agent', 'done'],
    ])
  })

  it('a call named after an Object member (constructor, toString) finds no tool; a tool may be named toString', async () => {
    const toString = new FunctionTool({ name: 'toString', description: 'Says hi.', execute: () => ({ said: 'hi' }) })
    const llm = new ScriptedLlm([call('constructor', {}), call('toString', {}), 'done'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [toString] }))
    ).run('test')
    expect(simplify(events)).toEqual([
      ['root_agent', callPart('constructor', {})],
      [
        'root_agent',
        responsePart('constructor', {
          error: 'Function constructor is not found in the toolsDict. Available tools: toString.',
        }),
      ],
      ['root_agent', callPart('toString', {})],
      ['root_agent', responsePart('toString', { said: 'hi' })],
      ['root_agent', 'done'],
    ])
  })

  it('#76 maxLlmCalls stops a run that needs more model calls', async () => {
    const { tool } = increaseByOne()
    const llm = new ScriptedLlm([call('increase_by_one', { x: 1 }), 'never'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const error = await harness.run('test', { runConfig: { maxLlmCalls: 1 } }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MaxTurnsError)
    expect((error as Error).message).toBe('Max number of llm calls limit of 1 exceeded')
    expect(llm.requests).toHaveLength(1)
    const session = await harness.session()
    expect(session.events.map((event) => event.author)).toEqual(['user', 'root_agent', 'root_agent'])
  })

  it('#77 zod defaults and optional fields reach execute', async () => {
    const withDefault = vi.fn(({ a, b }: { a: number; b: number }) => a + b)
    const withOptional = vi.fn(({ a, b }: { a: number; b?: number | undefined }) => a + (b ?? 0))
    const add = new FunctionTool({
      name: 'add',
      description: 'Adds two numbers.',
      parameters: z.object({ a: z.number(), b: z.number().default(2) }),
      execute: withDefault,
    })
    const addOptional = new FunctionTool({
      name: 'add_optional',
      description: 'Adds.',
      parameters: z.object({ a: z.number(), b: z.number().optional() }),
      execute: withOptional,
    })
    const llm = new ScriptedLlm([
      call([
        ['add', { a: 1 }],
        ['add_optional', { a: 1 }],
      ]),
      'done',
    ])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [add, addOptional] }))
    ).run('x')
    expect(withDefault.mock.calls[0]?.[0]).toEqual({ a: 1, b: 2 })
    expect(events[1]?.content?.parts?.map((part) => part.functionResponse?.response)).toEqual([
      { result: 3 },
      { result: 1 },
    ])
    expect(llm.requests[0]?.config.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'add',
            description: 'Adds two numbers.',
            parameters: expect.objectContaining({ type: 'OBJECT', required: ['a'] }),
          },
          expect.objectContaining({ name: 'add_optional' }),
        ],
      },
    ])
  })

  it('#80 invalid arguments are not executed; the model gets an error it can act on', async () => {
    const { tool, execute } = simpleFunction()
    const llm = new ScriptedLlm([call('simple_function', {}), call('simple_function', { input_str: 'fixed' }), 'done'])
    const events = await (await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))).run('x')
    const error = events[1]?.content?.parts?.[0]?.functionResponse?.response?.['error']
    expect(error).toContain("Invalid arguments for tool 'simple_function'")
    expect(error).toContain('input_str')
    expect(execute).toHaveBeenCalledTimes(1)
    expect(execute.mock.calls[0]?.[0]).toEqual({ input_str: 'fixed' })
    expect(simplify(events).at(-1)).toEqual(['root_agent', 'done'])
  })

  it('tools get a Context with the call id, state and actions', async () => {
    let seen: { id: string | undefined; state: unknown; agent: string } | undefined
    const probe = new FunctionTool({
      name: 'probe',
      description: 'Looks at its context.',
      execute: (_args, context: Context) => {
        seen = { id: context.functionCallId, state: context.state.get('k'), agent: context.agentName }
        return {}
      },
    })
    const llm = new ScriptedLlm([call('probe', {}, 'call_9'), 'done'])
    await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [probe] }), { state: { k: 'v' } })
    ).run('x')
    expect(seen).toEqual({ id: 'call_9', state: 'v', agent: 'root_agent' })
  })
})

describe('concurrent tool calls', () => {
  it('runs the calls of one response concurrently and still merges in call order', async () => {
    const bothStarted = deferred()
    let started = 0
    const order: string[] = []
    const waiter = (name: string, delay: number) =>
      new FunctionTool({
        name,
        description: name,
        execute: async () => {
          started++
          if (started === 2) bothStarted.resolve()
          // Each call waits until the other has started: run one after the other, this never resolves.
          await Promise.race([
            bothStarted.promise,
            new Promise((_, reject) => setTimeout(() => reject(new Error('calls ran one after the other')), 2_000)),
          ])
          await new Promise((resolve) => setTimeout(resolve, delay))
          order.push(name)
          return { name }
        },
      })
    const llm = new ScriptedLlm([
      call([
        ['slow', {}],
        ['fast', {}],
      ]),
      'done',
    ])
    const agent = new LlmAgent({ name: 'root_agent', model: llm, tools: [waiter('slow', 30), waiter('fast', 0)] })
    const events = await (await createHarness(agent)).run('x')
    expect(order).toEqual(['fast', 'slow'])
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      [responsePart('slow', { name: 'slow' }), responsePart('fast', { name: 'fast' })],
    ])
  })
})

describe('long-running tools (spec 10.8 #78–79)', () => {
  it('#78 a pending result, then the client’s updates; the tool runs once', async () => {
    const execute = vi.fn(() => ({ status: 'pending' }))
    const tool = new LongRunningFunctionTool({ name: 'increase_by_one', description: 'Slow.', execute })
    const llm = new ScriptedLlm([call('increase_by_one', { x: 1 }), 'response1', 'response2', 'response3'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const turn1 = await harness.run('test1')
    expect(simplify(turn1)).toEqual([
      ['root_agent', callPart('increase_by_one', { x: 1 })],
      ['root_agent', responsePart('increase_by_one', { status: 'pending' })],
      ['root_agent', 'response1'],
    ])
    const callId = turn1[0]?.content?.parts?.[0]?.functionCall?.id as string
    expect(turn1[0]?.longRunningToolIds).toEqual([callId])

    const answer = (response: Record<string, unknown>) => ({
      role: 'user',
      parts: [{ functionResponse: { id: callId, name: 'increase_by_one', response } }],
    })
    const turn2 = await harness.run(answer({ status: 'still waiting' }))
    expect(simplify(turn2)).toEqual([['root_agent', 'response2']])
    expect(simplifyContents(llm.requests[2]?.contents ?? [])).toEqual([
      ['user', 'test1'],
      ['model', callPart('increase_by_one', { x: 1 })],
      ['user', responsePart('increase_by_one', { status: 'still waiting' })],
    ])
    const turn3 = await harness.run(answer({ result: 2 }))
    expect(simplify(turn3)).toEqual([['root_agent', 'response3']])
    expect(simplifyContents(llm.requests[3]?.contents ?? [])).toEqual([
      ['user', 'test1'],
      ['model', callPart('increase_by_one', { x: 1 })],
      ['user', responsePart('increase_by_one', { result: 2 })],
    ])
    expect(execute).toHaveBeenCalledTimes(1)
  })

  it('#79 a long-running tool that returns nothing ends the invocation after the call event', async () => {
    const tool = new LongRunningFunctionTool({ name: 'start_job', description: 'Starts.', execute: () => undefined })
    const llm = new ScriptedLlm([call('start_job', {}), 'never'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    ).run('go')
    expect(simplify(events)).toEqual([['root_agent', callPart('start_job')]])
    expect(llm.requests).toHaveLength(1)
  })

  it('a custom BaseTool marked long-running works the same', async () => {
    class Ticket extends BaseTool {
      constructor() {
        super({ name: 'ticket', description: 'Opens a ticket.', isLongRunning: true })
      }
      override async runAsync(): Promise<unknown> {
        return undefined
      }
    }
    const llm = new ScriptedLlm([call('ticket', {}), 'never'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [new Ticket()] }))
    ).run('go')
    expect(events).toHaveLength(1)
    expect(events[0]?.longRunningToolIds).toHaveLength(1)
  })
})
