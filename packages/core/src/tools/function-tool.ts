import type { FunctionDeclaration, Schema } from '../models/genai-types.js'
import { Type } from '../models/genai-types.js'
import { z } from 'zod'
import type { Context } from '../agents/context.js'
import { BaseTool } from './base-tool.js'
import { isZodSchema, toGenaiSchema } from './zod-to-schema.js'
import { invalidArgumentsResult } from './invalid-arguments-message.js'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { ConfigError, type ConfigIssueInit } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import { brandSymbol, hasBrand } from '../util/brand.js'

const functionToolBrand = brandSymbol('function-tool')

/** What a {@link FunctionTool} accepts as `parameters`: a zod object schema, a genai `Schema`, or nothing. */
export type FunctionToolParameters = z.core.$ZodType | Schema | undefined

/** The arguments `execute` receives: the zod schema's output type, or a plain record. */
export type FunctionToolArgs<TParameters extends FunctionToolParameters> = TParameters extends z.core.$ZodType
  ? z.output<TParameters>
  : Record<string, unknown>

/** Options of {@link FunctionTool}. */
export interface FunctionToolOptions<TParameters extends FunctionToolParameters = undefined, TResult = unknown> {
  /** The name the model calls; defaults to `execute.name` (an anonymous `execute: () => …` has none). */
  name?: string
  description: string
  /** A zod object schema (validated before `execute` runs) or a genai `Schema` (used as is, not validated). */
  parameters?: TParameters
  execute: (args: FunctionToolArgs<TParameters>, context: Context) => TResult | Promise<TResult>
  /** The tool starts work that finishes later; see {@link LongRunningFunctionTool}. */
  isLongRunning?: boolean
  /** Ask the user to approve each call before it runs (always, or when the function returns true). */
  requireConfirmation?:
    | boolean
    | ((args: FunctionToolArgs<TParameters>, context: Context) => boolean | Promise<boolean>)
}

/** ADK's sentence appended to the description of long-running tools. */
export const LONG_RUNNING_NOTE =
  'NOTE: This is a long-running operation. Do not call this tool again if it has already returned some intermediate or pending status.'

/** The hint of the confirmation request a tool with `requireConfirmation` sends. */
export function confirmationHint(toolName: string): string {
  return `Please approve or reject the tool call ${toolName}() by responding with a FunctionResponse with an expected ToolConfirmation payload.`
}

/**
 * A tool backed by a function. The zod `parameters` become the function declaration, and the model's arguments
 * are validated (defaults applied) before `execute` runs: invalid arguments are not executed but answered with an
 * `{ error }` the model can act on. A throwing `execute` is rethrown as `Error in tool '<name>': <message>`, which
 * the flow turns into an `{ error }` response.
 *
 * @example
 * const add = new FunctionTool({
 *   description: 'Adds two numbers.',
 *   parameters: z.object({ a: z.number(), b: z.number() }),
 *   execute: function add({ a, b }) { return a + b },
 * })
 */
export class FunctionTool<TParameters extends FunctionToolParameters = undefined, TResult = unknown> extends BaseTool {
  readonly parameters: TParameters | undefined
  readonly #execute: FunctionToolOptions<TParameters, TResult>['execute']
  readonly #requireConfirmation: FunctionToolOptions<TParameters, TResult>['requireConfirmation']
  readonly #schema: Schema

  constructor(options: FunctionToolOptions<TParameters, TResult>) {
    const name = checkedOptions(options)
    super({ name, description: options.description ?? '', isLongRunning: options.isLongRunning ?? false })
    Object.defineProperty(this, functionToolBrand, { value: true })
    this.parameters = options.parameters
    this.#execute = options.execute
    this.#requireConfirmation = options.requireConfirmation
    this.#schema = parametersSchema(name, options.parameters)
  }

  /** `{ name, description, parameters }`; long-running tools get ADK's note appended to the description. */
  override getDeclaration(): FunctionDeclaration {
    const description = this.isLongRunning
      ? this.description
        ? `${this.description}\n\n${LONG_RUNNING_NOTE}`
        : LONG_RUNNING_NOTE
      : this.description
    return { name: this.name, description, parameters: this.#schema }
  }

  /**
   * Validates `args`, handles confirmation (ADK's `adk_request_confirmation` protocol), then runs `execute`.
   * Returns `{ error }` for invalid arguments, a pending confirmation or a rejected call.
   */
  override async runAsync({
    args,
    toolContext,
  }: {
    args: Record<string, unknown>
    toolContext: Context
  }): Promise<unknown> {
    let validated: FunctionToolArgs<TParameters>
    if (isZodSchema(this.parameters)) {
      const parsed = await z.safeParseAsync(this.parameters, args)
      if (!parsed.success) return invalidArgumentsResult(this.name, parsed.error.issues)
      validated = parsed.data as FunctionToolArgs<TParameters>
    } else {
      validated = args as FunctionToolArgs<TParameters>
    }
    try {
      // A confirmation rule is awaited only when it is a function (no promise for the common case: no rule).
      const rule = this.#requireConfirmation
      if (rule === true || (typeof rule === 'function' && Boolean(await rule(validated, toolContext)))) {
        const confirmation = toolContext.toolConfirmation
        if (!confirmation) {
          toolContext.requestConfirmation({ hint: confirmationHint(this.name) })
          toolContext.actions.skipSummarization = true
          return { error: 'This tool call requires confirmation, please approve or reject.' }
        }
        if (!confirmation.confirmed) return { error: 'This tool call is rejected.' }
      }
      return await this.#execute(validated, toolContext)
    } catch (error) {
      if (AdkFluentError.isInstance(error) && error.code === 'ABORTED') throw error
      const message = error instanceof Error ? error.message : String(error)
      throw new Error(`Error in tool '${this.name}': ${message}`, { cause: error })
    }
  }
}

/** A {@link FunctionTool} with `isLongRunning: true`: its call event ends the turn until the client sends a result. */
export class LongRunningFunctionTool<
  TParameters extends FunctionToolParameters = undefined,
  TResult = unknown,
> extends FunctionTool<TParameters, TResult> {
  constructor(options: Omit<FunctionToolOptions<TParameters, TResult>, 'isLongRunning'>) {
    super({ ...options, isLongRunning: true })
  }
}

/** True for any {@link FunctionTool}, whichever module instance created it. */
export function isFunctionTool(value: unknown): value is FunctionTool<FunctionToolParameters> {
  return hasBrand(value, functionToolBrand)
}

/**
 * The function's own name. An anonymous function written as `execute: () => …` is named `execute` by JavaScript
 * itself; that name describes nothing, so it counts as no name.
 */
function functionName(execute: (...args: never[]) => unknown): string {
  return execute.name === 'execute' ? '' : execute.name
}

const toolNamePattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/

/** Checks every option at once (plain JavaScript may pass anything) and returns the tool's name. */
function checkedOptions(options: unknown): string {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError([
      {
        code: 'options_invalid',
        path: ['<FunctionTool>'],
        message: `new FunctionTool() needs an options object, got ${describeValue(options)}. Pass { name, description, parameters: z.object({ … }), execute }.`,
      },
    ])
  }
  const record = options as Record<string, unknown>
  const execute = record['execute']
  const explicit = record['name']
  const name = explicit ?? (typeof execute === 'function' ? functionName(execute as () => unknown) : undefined)
  const path = [typeof name === 'string' && name.length > 0 ? name : '<FunctionTool>']
  const issues: ConfigIssueInit[] = []
  if (typeof execute !== 'function') {
    issues.push({
      code: 'function_invalid',
      path: [...path, 'execute'],
      message: `execute must be a function (args, context) => result, got ${describeValue(execute)}.`,
    })
  }
  if (name === undefined || name === '') {
    issues.push({
      code: 'tool_name_invalid',
      path: [...path, 'name'],
      message: 'Tool name cannot be empty. Either name the `execute` function or provide a `name`.',
    })
  } else if (typeof name !== 'string' || !toolNamePattern.test(name)) {
    issues.push({
      code: 'tool_name_invalid',
      path: [...path, 'name'],
      message: `tool name ${describeValue(name)} is not valid: use letters, digits, underscores, dots or dashes (starting with a letter or underscore, at most 64 characters), for example "look_up_order".`,
    })
  }
  const description = record['description']
  if (description !== undefined && typeof description !== 'string') {
    issues.push({
      code: 'text_invalid',
      path: [...path, 'description'],
      message: `description must be a string, got ${describeValue(description)}.`,
    })
  }
  const confirm = record['requireConfirmation']
  if (confirm !== undefined && typeof confirm !== 'boolean' && typeof confirm !== 'function') {
    issues.push({
      code: 'option_type_invalid',
      path: [...path, 'requireConfirmation'],
      message: `requireConfirmation must be a boolean or a function, got ${describeValue(confirm)}.`,
    })
  }
  const longRunning = record['isLongRunning']
  if (longRunning !== undefined && typeof longRunning !== 'boolean') {
    issues.push({
      code: 'boolean_invalid',
      path: [...path, 'isLongRunning'],
      message: `isLongRunning must be a boolean, got ${describeValue(longRunning)}.`,
    })
  }
  try {
    parametersSchema(String(name ?? ''), record['parameters'] as FunctionToolParameters)
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    issues.push(...error.issues.map((issue) => ({ ...issue, path: [...path, 'parameters'] })))
  }
  if (issues.length > 0) throw new ConfigError(issues)
  return name as string
}

function parametersSchema(toolName: string, parameters: FunctionToolParameters): Schema {
  if (parameters === undefined) return { type: Type.OBJECT, properties: {} }
  let schema: Schema
  try {
    schema = toGenaiSchema(parameters)
  } catch (error) {
    const issue = ConfigError.isConfigError(error) ? error.issues[0] : undefined
    const reason = issue ? [issue.message, issue.hint].filter(Boolean).join(' ') : String(error)
    throw new ConfigError(
      [{ code: 'schema_invalid', path: [toolName, 'parameters'], message: `Tool '${toolName}': ${reason}` }],
      { cause: error },
    )
  }
  if (isZodSchema(parameters) && schema.type !== Type.OBJECT) {
    throw new ConfigError([
      {
        code: 'schema_invalid',
        path: [toolName, 'parameters'],
        message: `Tool '${toolName}': parameters must be a zod object schema (z.object({...})), got a schema of type ${schema.type ?? 'unknown'}.`,
      },
    ])
  }
  return schema
}
