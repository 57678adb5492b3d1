import {
  AgentTool,
  FunctionTool,
  isBaseAgent,
  type BaseAgent,
  type BaseTool,
  type FunctionToolParameters,
} from '@adk-fluent/core'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { createToolEntry, type ToolComposite } from './tool-composite.js'
import { createToolComposite } from './compose-tools.js'
import { functionEntry, parseToolName, type FunctionToolSettings, type ToolFunction } from './function-entry.js'

/**
 * A function as a tool (a core `FunctionTool`, named after the function unless `name` is given); a core tool
 * passes through. `confirm` asks the user to approve each call (or those it returns true for).
 * @example T.fn(function getWeather({ city }: { city: string }) { return { city, sky: 'clear' } }, { parameters: z.object({ city: z.string() }) })
 */
export function fn(f: ToolFunction | BaseTool, settings: FunctionToolSettings = {}): ToolComposite {
  return createToolComposite([functionEntry('T.fn()', f, settings)])
}

/** Something that builds a core agent: a fluent builder. */
export interface AgentSource {
  build(): BaseAgent
}

/**
 * An agent as a tool (a core `AgentTool`): a built core agent, or a builder, built afresh for every `toTools()`.
 * @example T.agent(Agent('researcher').describe('Finds facts.').instruct('...'))
 */
export function agent(
  source: BaseAgent | AgentSource,
  options: { readonly skipSummarization?: boolean } = {},
): ToolComposite {
  const build = agentFactory(source)
  const probe = build()
  const skip = options.skipSummarization === undefined ? {} : { skipSummarization: options.skipSummarization }
  return createToolComposite([
    createToolEntry(probe.name, `T.agent(${probe.name})`, () => new AgentTool({ agent: build(), ...skip })),
  ])
}

function agentFactory(source: unknown): () => BaseAgent {
  if (isBaseAgent(source)) return () => source
  const build = typeof source === 'object' && source !== null ? (source as { build?: unknown }).build : undefined
  if (typeof build !== 'function') {
    throwConfigIssue(
      'agent_invalid',
      ['T.agent()'],
      `expected a core agent or a builder with build(), got ${source === null ? 'null' : typeof source}.`,
      `Pass Agent('name')... or a built LlmAgent.`,
    )
  }
  return () => {
    const built: unknown = build.call(source)
    if (!isBaseAgent(built))
      throwConfigIssue(
        'agent_invalid',
        ['T.agent()'],
        'build() did not return a core agent.',
        'Pass a fluent builder or a core agent.',
      )
    return built
  }
}

/** The options of `T.mock()`. */
export interface MockToolSettings {
  /** The result of every call, or a function of the call's arguments. */
  readonly returns: unknown
  readonly description?: string
  /** The declared arguments (default: any object). */
  readonly parameters?: FunctionToolParameters
}

/**
 * A tool that returns a fixed value (or `returns(args)`) without doing anything: for tests and prototypes.
 * @example T.mock('get_weather', { returns: { sky: 'clear' } })
 */
export function mock(name: string, settings: MockToolSettings): ToolComposite {
  parseToolName('T.mock()', name)
  if (typeof settings !== 'object' || settings === null || !('returns' in settings)) {
    throwConfigIssue(
      'option_missing',
      ['T.mock()'],
      `no returns given for "${name}".`,
      `Pass { returns: value } or { returns: (args) => value }.`,
    )
  }
  const { returns } = settings
  const tool = new FunctionTool<FunctionToolParameters>({
    name,
    description: settings.description ?? `Mock of ${name}.`,
    parameters: settings.parameters,
    execute: (args: unknown) =>
      typeof returns === 'function' ? (returns as (args: unknown) => unknown)(args) : returns,
  })
  return createToolComposite([createToolEntry(name, `T.mock(${JSON.stringify(name)})`, () => tool)])
}
