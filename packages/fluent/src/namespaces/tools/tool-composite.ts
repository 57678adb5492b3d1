import type { BaseTool } from '@adk-fluent/core'
import type { ToolPause } from './tool-pause.js'

/** One tool of a composite: its name and a factory for the core tool (fresh where that matters, as for agents). */
export interface ToolEntry {
  readonly kind: 'tool-entry'
  /** The name the model calls. */
  readonly name: string
  /** The factory call as written (`T.fn(getWeather)`), for explain views. */
  readonly description: string
  readonly create: () => BaseTool
  /** How a call can pause a run (approval, long-running), when it can: shown by `.llmAnatomy()` and `.explain()`. */
  readonly pause?: ToolPause
}

/** A list of tools: a frozen plain descriptor, combined with `.add()` and turned into core tools by `toTools()`. */
export interface ToolComposite {
  readonly kind: 'tool-composite'
  readonly entries: readonly ToolEntry[]
  /**
   * Both lists of tools, in order. Accepts a composite, a core tool, a function (as `T.fn(f)`) or an array of those.
   * @example T.fn(getWeather).add(T.agent(researcher))
   */
  add(other: ToolInput): ToolComposite
}

/** Anything that names tools: a composite, a core tool, a named function, or an array of those. */
export type ToolInput = ToolComposite | BaseTool | ((...args: never[]) => unknown) | readonly ToolInput[]

/** Creates a frozen entry (with how its calls can pause a run, when they can). @internal */
export function createToolEntry(
  name: string,
  description: string,
  create: () => BaseTool,
  pause?: ToolPause,
): ToolEntry {
  return Object.freeze(
    pause === undefined
      ? { kind: 'tool-entry' as const, name, description, create }
      : { kind: 'tool-entry' as const, name, description, create, pause },
  )
}

/** True for a composite made by `T.*`. */
export function isToolComposite(value: unknown): value is ToolComposite {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'tool-composite' &&
    Array.isArray((value as { entries?: unknown }).entries)
  )
}
