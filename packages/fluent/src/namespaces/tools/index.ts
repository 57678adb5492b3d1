import {
  AgentTool,
  FunctionTool,
  isBaseAgent,
  type BaseAgent,
  type BaseTool,
  type FunctionToolParameters,
} from '@adk-fluent/core'
import { createToolEntry, type ToolComposite, type ToolInput } from './tool-composite.js'
import { createToolComposite, toToolEntries } from './compose-tools.js'
import { functionEntry, parseToolName, type FunctionToolSettings, type ToolFunction } from './function-entry.js'
import { ConfirmedTool } from './confirmed-tool.js'
import { TimeoutTool } from './timeout-tool.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

export type { ToolComposite, ToolEntry, ToolInput } from './tool-composite.js'
export type { FunctionToolSettings, ToolConfirmRule, ToolFunction } from './function-entry.js'

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
      ['T.agent()'],
      `expected a core agent or a builder with build(), got ${source === null ? 'null' : typeof source}.`,
      `Pass Agent('name')... or a built LlmAgent.`,
    )
  }
  return () => {
    const built: unknown = build.call(source)
    if (!isBaseAgent(built))
      throwConfigIssue(['T.agent()'], 'build() did not return a core agent.', 'Pass a fluent builder or a core agent.')
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

/**
 * The tools, each needing the user's approval before every call (`hint` is shown with the request): a call pauses
 * the run with ADK's `adk_request_confirmation`; approved it runs once, refused it never runs and the model is told.
 * `.ask()` rejects with a `RunPausedError` to answer.
 * @example T.confirm(T.fn(deleteFile), { hint: 'Delete this file?' })
 */
export function confirm(tools: ToolInput, options: { readonly hint?: string } = {}): ToolComposite {
  const hint: unknown = options?.hint
  if (hint !== undefined && (typeof hint !== 'string' || hint.trim() === '')) {
    throwConfigIssue(
      ['T.confirm()', 'hint'],
      `expected a non-empty string, got ${JSON.stringify(hint) ?? String(hint)}.`,
      "Pass { hint: 'Refund this order?' } (shown to the person who approves), or leave it out for ADK's sentence.",
    )
  }
  const entries = toToolEntries('T.confirm()', tools)
  return createToolComposite(
    entries.map((entry) =>
      createToolEntry(
        entry.name,
        `T.confirm(${entry.description})`,
        () => new ConfirmedTool(entry.create(), options.hint),
        'approval',
      ),
    ),
  )
}

/**
 * The tools, each call limited to `ms` milliseconds: a slower call answers
 * `{ error: "Tool '<name>' timed out after <ms> ms." }`.
 * @example T.timeout(T.fn(searchWeb), 5_000)
 */
export function timeout(tools: ToolInput, ms: number): ToolComposite {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) {
    throwConfigIssue(
      ['T.timeout()'],
      `ms must be a positive number of milliseconds, got ${String(ms)}.`,
      `For example T.timeout(tool, 5000).`,
    )
  }
  const entries = toToolEntries('T.timeout()', tools)
  return createToolComposite(
    entries.map((entry) =>
      createToolEntry(
        entry.name,
        `T.timeout(${entry.description}, ${ms})`,
        () => new TimeoutTool(entry.create(), ms),
        entry.pause,
      ),
    ),
  )
}
export { codeExecution, googleSearch, mcp, openapi, toolset, urlContext } from './ecosystem-factories.js'
export type { McpOptions } from './ecosystem-factories.js'
export type { McpServerParams } from './mcp-toolset.js'
export type { OpenApiOptions } from './openapi-toolset.js'
export type { Toolset } from './toolset-tool.js'
export { cache, effectful, transform } from './wrapper-factories.js'
export { loadMemory, preloadMemory } from './memory-factories.js'
