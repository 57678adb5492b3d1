import {
  FunctionTool,
  isBaseTool,
  type BaseTool,
  type Context,
  type FunctionToolOptions,
  type FunctionToolParameters,
} from '@adk-fluent/core'
import { createToolEntry, type ToolEntry } from './tool-composite.js'
import { ConfirmedTool } from './confirmed-tool.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** A function the model may call: it receives the (validated) arguments and the tool context. */
export type ToolFunction = (args: never, context: Context) => unknown

/** When a call needs the user's approval: always, or when this returns true for the arguments. */
export type ToolConfirmRule =
  | boolean
  | ((args: Record<string, unknown>, context: Context) => boolean | Promise<boolean>)

/** The options of `T.fn()`. */
export interface FunctionToolSettings {
  /** Ask the user to approve each call (or the calls this returns true for). */
  readonly confirm?: ToolConfirmRule
  /** The name the model calls (default: the function's name). */
  readonly name?: string
  /** What the tool does, for the model. */
  readonly description?: string
  /** A zod object schema of the arguments (validated before the call), or a genai `Schema`. */
  readonly parameters?: FunctionToolParameters
}

const toolName = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/

/** Validates a tool name given to `factory`. @internal */
export function parseToolName(factory: string, name: unknown): string {
  if (typeof name === 'string' && toolName.test(name)) return name
  throwConfigIssue(
    'tool_name_invalid',
    [factory],
    `${JSON.stringify(name) ?? String(name)} is not a valid tool name.`,
    `Use letters, digits, '_', '.' or '-' (starting with a letter or '_', at most 64 characters), such as 'get_weather'.`,
  )
}

/** The entry of a core tool, used as is. @internal */
export function baseToolEntry(tool: BaseTool, description = `<tool ${tool.name}>`): ToolEntry {
  return createToolEntry(tool.name, description, () => tool)
}

/** The entry of `T.fn(f, settings)`: a core `FunctionTool`, made once (it holds no per-run state). @internal */
export function functionEntry(factory: string, fn: unknown, settings: FunctionToolSettings = {}): ToolEntry {
  if (isBaseTool(fn)) {
    if (settings.name !== undefined || settings.description !== undefined || settings.parameters !== undefined) {
      throwConfigIssue(
        'options_conflict',
        [factory],
        `name, description and parameters apply to functions; "${fn.name}" is already a tool.`,
        `Pass the tool alone.`,
      )
    }
    return settings.confirm
      ? createToolEntry(fn.name, `T.fn(<tool ${fn.name}>, { confirm })`, () => new ConfirmedTool(fn))
      : baseToolEntry(fn, `T.fn(<tool ${fn.name}>)`)
  }
  if (typeof fn !== 'function') {
    throwConfigIssue(
      'tool_invalid',
      [factory],
      `expected a function or a core tool, got ${fn === null ? 'null' : typeof fn}.`,
      `Pass a named function such as function getWeather({ city }) { ... }.`,
    )
  }
  const ownName = fn.name && fn.name !== 'execute' ? fn.name : undefined
  const name = settings.name ?? ownName
  if (name === undefined) {
    throwConfigIssue(
      'tool_name_invalid',
      [factory],
      `the function has no name.`,
      `Pass a named function (function getWeather(args) { ... }) or { name: 'get_weather' }.`,
    )
  }
  parseToolName(factory, name)
  if (settings.description !== undefined && typeof settings.description !== 'string') {
    throwConfigIssue(
      'text_invalid',
      [factory, 'description'],
      'must be a string.',
      "Pass { description: 'What the tool does.' }.",
    )
  }
  if (settings.parameters === undefined && fn.length > 0) {
    throwConfigIssue(
      'tool_parameters_missing',
      [factory],
      `"${name}" takes arguments but has no parameter schema, so the model would see a tool without parameters and the function would get the whole arguments object as its first argument.`,
      `Declare them: .tool(${name}, { parameters: z.object({ orderId: z.string() }) }) with the function written as ({ orderId }) => …; a tool without arguments takes none: () => ….`,
    )
  }
  const confirm = settings.confirm
  if (confirm !== undefined && typeof confirm !== 'boolean' && typeof confirm !== 'function') {
    throwConfigIssue(
      'option_type_invalid',
      [factory, 'confirm'],
      'must be true, false or a function.',
      'Pass { confirm: true } or { confirm: (args, context) => boolean }.',
    )
  }
  const options: FunctionToolOptions<FunctionToolParameters> = {
    name,
    description: settings.description ?? '',
    parameters: settings.parameters,
    execute: fn as (args: unknown, context: Context) => unknown,
  }
  if (confirm !== undefined)
    options.requireConfirmation = confirm as NonNullable<
      FunctionToolOptions<FunctionToolParameters>['requireConfirmation']
    >
  const tool = new FunctionTool(options)
  return createToolEntry(name, `T.fn(${fn.name || name}${confirm ? ', { confirm }' : ''})`, () => tool)
}
