import { ConfigError, isBaseTool, type BaseTool } from '@adk-fluent/core'
import { fn } from '../namespaces/tools/index.js'
import { isToolComposite, type ToolInput } from '../namespaces/tools/tool-composite.js'
import type { FunctionToolSettings, ToolFunction } from '../namespaces/tools/function-entry.js'
import type { AgentToolEntry } from '../ir/agent-node.js'
import { throwConfigIssue, type IssuePath } from './config-issue.js'
import { describeValue } from './describe-value.js'

/** What `.tool()` accepts: a core tool, or a function made into a tool by `T.fn(f, options)`. */
export type ToolArgument = ToolFunction | BaseTool

/** The options of `.tool()`: those of `T.fn()` (`confirm`, `name`, `description`, `parameters`). */
export type ToolOptions = FunctionToolSettings

/** What `.tools()` accepts: a `T` composite, a core tool, a named function, or a list of them. */
export type ToolsInput = ToolInput

function viaFunctionTool(tool: ToolArgument, options: ToolOptions, path: IssuePath): AgentToolEntry {
  try {
    return Object.freeze({ kind: 'tool-composite', composite: fn(tool, options) })
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    // T.fn()'s own issue, placed on the builder method.
    throw new ConfigError(error.issues.map((issue) => ({ ...issue, path })))
  }
}

/** The entry of `.tool(tool, options)`: a core tool as is, anything else through `T.fn()`. @internal */
export function parseToolEntry(tool: unknown, options: ToolOptions | undefined, path: IssuePath): AgentToolEntry {
  if (isBaseTool(tool) && options === undefined) return Object.freeze({ kind: 'tool', tool })
  if (!isBaseTool(tool) && typeof tool !== 'function') {
    throwConfigIssue(
      'tool_invalid',
      path,
      `expected a function or a core tool, got ${describeValue(tool)}. For several tools use .tools(...).`,
    )
  }
  return viaFunctionTool(tool as ToolArgument, options ?? {}, path)
}

/** The entries of `.tools(input)`, in order (lists are flattened). @internal */
export function parseToolsEntries(input: unknown, path: IssuePath): AgentToolEntry[] {
  if (Array.isArray(input)) return input.flatMap((item: unknown, index) => parseToolsEntries(item, [...path, index]))
  if (isToolComposite(input)) return [Object.freeze({ kind: 'tool-composite', composite: input })]
  if (isBaseTool(input)) return [Object.freeze({ kind: 'tool', tool: input })]
  if (typeof input === 'function') return [viaFunctionTool(input as ToolFunction, {}, path)]
  throwConfigIssue(
    'tool_invalid',
    path,
    `${describeValue(input)} is not a tool. Pass a T composite (T.fn(f), T.agent(a), …), a core tool, a named function, or a list of those.`,
  )
}
