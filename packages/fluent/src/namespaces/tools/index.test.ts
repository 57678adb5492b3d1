import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  AgentTool,
  BaseTool,
  ConfigError,
  Context,
  FunctionTool,
  LlmAgent,
  createLlmRequest,
  isAgentTool,
  isFunctionTool,
  type BaseAgent,
} from '@adk-fluent/core'
import * as T from './index.js'
import { createTestContext } from '../shared/test-context.js'
import { toTools } from './compose-tools.js'
import { isToolComposite } from './tool-composite.js'

function expectConfigError(run: () => unknown, ...fragments: string[]): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(ConfigError.isConfigError(caught)).toBe(true)
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment)
}

async function toolContext(options: { confirmed?: boolean } = {}): Promise<Context> {
  const { invocationContext } = await createTestContext()
  return new Context({
    invocationContext,
    functionCallId: 'call-1',
    toolConfirmation: options.confirmed === undefined ? undefined : { hint: '', confirmed: options.confirmed },
  })
}

function getWeather({ city }: { city: string }) {
  return { city, sky: 'clear' }
}

describe('T.fn', () => {
  it('wraps a named function as a core FunctionTool with its declaration', async () => {
    const [tool] = toTools(
      T.fn(getWeather, { description: 'Weather for a city.', parameters: z.object({ city: z.string() }) }),
    )
    expect(isFunctionTool(tool)).toBe(true)
    expect(tool?.getDeclaration()).toEqual({
      name: 'getWeather',
      description: 'Weather for a city.',
      parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
    })
    expect(await tool?.runAsync({ args: { city: 'Tokyo' }, toolContext: await toolContext() })).toEqual({
      city: 'Tokyo',
      sky: 'clear',
    })
  })

  it('refuses a function that takes arguments without a parameter schema, saying how to give one', () => {
    expectConfigError(
      () => T.fn(getWeather),
      '"getWeather" takes arguments but has no parameter schema',
      'parameters: z.object(',
    )
    expect(
      toTools(
        T.fn(function now() {
          return 1
        }),
      )[0]?.getDeclaration()?.parameters,
    ).toEqual({ type: 'OBJECT', properties: {} })
  })

  it('takes a name for anonymous functions and passes a core tool through unchanged', () => {
    const [named] = toTools(T.fn(() => 1, { name: 'one' }))
    expect(named?.name).toBe('one')
    const core = new FunctionTool({ name: 'core_tool', description: 'd', execute: () => 2 })
    expect(toTools(T.fn(core))[0]).toBe(core)
  })

  it('confirm: true asks for approval before running', async () => {
    const [tool] = toTools(T.fn(getWeather, { confirm: true, parameters: z.object({ city: z.string() }) }))
    const pending = await toolContext()
    expect(await tool?.runAsync({ args: { city: 'Oslo' }, toolContext: pending })).toEqual({
      error: 'This tool call requires confirmation, please approve or reject.',
    })
    expect(Object.keys(pending.actions.requestedToolConfirmations)).toEqual(['call-1'])
    expect(
      await tool?.runAsync({ args: { city: 'Oslo' }, toolContext: await toolContext({ confirmed: true }) }),
    ).toEqual({ city: 'Oslo', sky: 'clear' })
  })
})

describe('T.agent', () => {
  const researcher = () => new LlmAgent({ name: 'researcher', description: 'Finds facts.', instruction: 'Research.' })

  it('wraps a core agent as an AgentTool', () => {
    const agent = researcher()
    const [tool] = toTools(T.agent(agent))
    expect(isAgentTool(tool)).toBe(true)
    expect((tool as AgentTool).agent).toBe(agent)
    expect(tool?.getDeclaration()).toMatchObject({ name: 'researcher', description: 'Finds facts.' })
  })

  it('builds a builder afresh for every toTools() call', () => {
    let builds = 0
    const builder = { build: (): BaseAgent => (builds++, researcher()) }
    const composite = T.agent(builder, { skipSummarization: true })
    const first = toTools(composite)[0] as AgentTool
    const second = toTools(composite)[0] as AgentTool
    expect(first.agent).not.toBe(second.agent)
    expect(first.skipSummarization).toBe(true)
    expect(composite.entries[0]?.name).toBe('researcher')
    expect(builds).toBe(3)
  })
})

describe('T.mock', () => {
  it('returns the fixed value, or returns(args)', async () => {
    const context = await toolContext()
    const [fixed] = toTools(T.mock('get_weather', { returns: { sky: 'rain' } }))
    const [computed] = toTools(T.mock('echo', { returns: (args: unknown) => ({ got: args }), description: 'Echoes.' }))
    expect(await fixed?.runAsync({ args: { city: 'x' }, toolContext: context })).toEqual({ sky: 'rain' })
    expect(await computed?.runAsync({ args: { a: 1 }, toolContext: context })).toEqual({ got: { a: 1 } })
    expect(fixed?.getDeclaration()).toMatchObject({ name: 'get_weather', description: 'Mock of get_weather.' })
  })
})

describe('T.confirm', () => {
  it('wraps any tool: pending, rejected, then approved', async () => {
    const [tool] = toTools(T.confirm(T.mock('delete_file', { returns: 'deleted' }), { hint: 'Really delete?' }))
    const pending = await toolContext()
    expect(await tool?.runAsync({ args: {}, toolContext: pending })).toEqual({
      error: 'This tool call requires confirmation, please approve or reject.',
    })
    expect(pending.actions.requestedToolConfirmations['call-1']).toEqual({ hint: 'Really delete?', confirmed: false })
    expect(pending.actions.skipSummarization).toBe(true)
    expect(await tool?.runAsync({ args: {}, toolContext: await toolContext({ confirmed: false }) })).toEqual({
      error: 'This tool call is rejected.',
    })
    expect(await tool?.runAsync({ args: {}, toolContext: await toolContext({ confirmed: true }) })).toBe('deleted')
  })

  it("keeps the declaration and takes the inner tool's place in the request", async () => {
    const [tool] = toTools(T.confirm(T.fn(getWeather, { parameters: z.object({ city: z.string() }) })))
    const request = createLlmRequest()
    await tool?.processLlmRequest({ toolContext: await toolContext(), llmRequest: request })
    expect(request.toolsDict['getWeather']).toBe(tool)
    expect(request.config.tools).toEqual([{ functionDeclarations: [expect.objectContaining({ name: 'getWeather' })] }])
  })
})

describe('T.timeout', () => {
  class SlowTool extends BaseTool {
    constructor(readonly delayMs: number) {
      super({ name: 'slow', description: 'Takes a while.' })
    }
    override async runAsync(): Promise<unknown> {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs))
      return 'done'
    }
  }

  it('answers with the fixed error when the call is too slow', async () => {
    const [tool] = toTools(T.timeout(new SlowTool(200), 10))
    expect(await tool?.runAsync({ args: {}, toolContext: await toolContext() })).toEqual({
      error: "Tool 'slow' timed out after 10 ms.",
    })
  })

  it('returns the result of a call that finishes in time', async () => {
    const [tool] = toTools(T.timeout(new SlowTool(1), 1_000))
    expect(await tool?.runAsync({ args: {}, toolContext: await toolContext() })).toBe('done')
  })
})

describe('composites', () => {
  it('.add() keeps order, accepts tools, functions and arrays; toTools flattens', () => {
    const core = new FunctionTool({ name: 'core_tool', description: 'd', execute: () => 1 })
    const composite = T.fn(getWeather, { parameters: z.object({ city: z.string() }) })
      .add(T.mock('a', { returns: 1 }))
      .add([
        core,
        function lookup() {
          return 2
        },
      ])
    expect(composite.entries.map((entry) => entry.name)).toEqual(['getWeather', 'a', 'core_tool', 'lookup'])
    expect(toTools([composite, T.mock('b', { returns: 2 })]).map((tool) => tool.name)).toEqual([
      'getWeather',
      'a',
      'core_tool',
      'lookup',
      'b',
    ])
    expect(composite.entries.map((entry) => entry.description)).toEqual([
      'T.fn(getWeather)',
      'T.mock("a")',
      '<tool core_tool>',
      'T.fn(lookup)',
    ])
  })

  it('are frozen, and the receiver is unchanged', () => {
    const base = T.mock('a', { returns: 1 })
    const entries = [...base.entries]
    const bigger = base.add(T.mock('b', { returns: 2 }))
    expect(base.entries).toEqual(entries)
    for (const composite of [base, bigger, T.confirm(base), T.timeout(base, 5)]) {
      expect(Object.isFrozen(composite)).toBe(true)
      expect(Object.isFrozen(composite.entries)).toBe(true)
      expect(isToolComposite(composite)).toBe(true)
    }
    expect(isToolComposite({ kind: 'tool-composite' })).toBe(false)
  })
})

describe('bad input', () => {
  it('names the factory and the fix', () => {
    expectConfigError(() => T.fn(() => 1), 'T.fn()', 'no name')
    expectConfigError(() => T.fn(42 as never), 'T.fn()', 'expected a function')
    expectConfigError(() => T.fn(getWeather, { name: 'bad name!' }), 'T.fn()', 'not a valid tool name')
    expectConfigError(
      () => T.fn(new FunctionTool({ name: 'x', description: '', execute: () => 1 }), { name: 'y' }),
      'T.fn()',
      'already a tool',
    )
    expectConfigError(() => T.agent({} as never), 'T.agent()', 'builder with build()')
    expectConfigError(() => T.agent({ build: () => ({}) } as never), 'T.agent()', 'did not return a core agent')
    expectConfigError(() => T.mock('', { returns: 1 }), 'T.mock()')
    expectConfigError(() => T.mock('m', {} as never), 'T.mock()', 'no returns')
    expectConfigError(() => T.timeout(T.mock('m', { returns: 1 }), 0), 'T.timeout()', 'positive')
    expectConfigError(() => T.confirm('tool' as never), 'T.confirm()', 'not a tool')
    expectConfigError(() => T.mock('a', { returns: 1 }).add(T.mock('a', { returns: 2 })), 'two tools are named "a"')
    expectConfigError(() => toTools([1 as never]), 'toTools()')
  })
})

describe('T.confirm hint', () => {
  it('must be a non-empty string', () => {
    expect(() => T.confirm(T.mock('x', { returns: 1 }), { hint: 3 as never })).toThrow(
      /T\.confirm\(\)\.hint: expected a non-empty string, got 3/,
    )
    expect(() => T.confirm(T.mock('x', { returns: 1 }), { hint: ' ' })).toThrow(/expected a non-empty string/)
  })
})
