import { isBaseTool, type BaseTool } from '@adk-fluent/core'
import { isToolComposite, type ToolComposite, type ToolEntry, type ToolInput } from './tool-composite.js'
import { baseToolEntry, functionEntry } from './function-entry.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** Creates a frozen composite; two tools with one name are a `ConfigError`. @internal */
export function createToolComposite(entries: readonly ToolEntry[]): ToolComposite {
  const seen = new Set<string>()
  for (const entry of entries) {
    if (seen.has(entry.name)) {
      throwConfigIssue(
        'tool_name_duplicate',
        ['T.add()'],
        `two tools are named "${entry.name}"; tool names must be unique per agent.`,
        'Pass { name } to T.fn() to rename one.',
      )
    }
    seen.add(entry.name)
  }
  const composite: ToolComposite = Object.freeze({
    kind: 'tool-composite' as const,
    entries: Object.freeze([...entries]),
    add: (other: ToolInput) => addTools(composite, other),
  })
  return composite
}

/** The entries named by a tool input (composites, core tools, functions, arrays of those). @internal */
export function toToolEntries(factory: string, input: unknown): ToolEntry[] {
  if (isToolComposite(input)) return [...input.entries]
  if (isBaseTool(input)) return [baseToolEntry(input)]
  if (typeof input === 'function') return [functionEntry(factory, input)]
  if (Array.isArray(input)) return input.flatMap((item) => toToolEntries(factory, item))
  throwConfigIssue(
    'tool_invalid',
    [factory],
    `${input === null ? 'null' : typeof input} is not a tool.`,
    `Pass a T composite (T.fn(f), T.agent(a), …), a core tool, a named function, or an array of those.`,
  )
}

/** Both lists of tools (see {@link ToolComposite.add}). */
export function addTools(composite: ToolComposite, other: ToolInput): ToolComposite {
  return createToolComposite([...composite.entries, ...toToolEntries('T.add()', other)])
}

/**
 * The core tools of a tool input, in order. Agent tools built from builders are fresh on every call (one agent
 * instance per built agent tree); function tools and given core tools are shared, as they hold no run state.
 */
export function toTools(input: ToolInput): BaseTool[] {
  return toToolEntries('toTools()', input).map((entry) => entry.create())
}
