import type { IncludeContents, ReadonlyContext } from '@adk-fluent/core'
import type { ContextSpec } from './context-spec.js'
import type { ContextHook, ContextPart, HistoryMemo } from './context-part.js'

export { isContextSpec } from './context-spec.js'
export type { ContextSpec } from './context-spec.js'
export { composeInstruction } from './compose-instruction.js'
export { describeContext } from './describe-context.js'
export { contextCaptureKeys, contextOptionalKeys, contextStateKeys, contextWriteKeys } from './context-state-keys.js'

/** Renders the body of the `<conversation_context>` block at run time (`''` when there is nothing to show). */
export type ContextProvider = (context: ReadonlyContext) => Promise<string>

/** What a context spec compiles to: the agent's `includeContents`, and a provider when something is rendered. */
export interface CompiledContext {
  readonly includeContents: IncludeContents
  readonly provider?: ContextProvider
  /** Hooks to run before the agent (`C.capture`), in order. */
  readonly beforeAgent: readonly ContextHook[]
  /** Hooks to run after the agent's reply is stored (`C.writeNotes`), in order. */
  readonly afterAgent: readonly ContextHook[]
  /** True when rendering calls a model: the agent reports those calls as events. */
  readonly usesModel: boolean
  /** With history suppressed (`'isolated'` / `'none'`), the earlier user turns the spec can read (absent: all); core loads only those. */
  readonly historyTurns?: number
}

// Parts that render from state only; they read no earlier events.
const stateOnlyKinds: ReadonlySet<ContextPart['kind']> = new Set([
  'context-none',
  'context-current-turn',
  'context-default',
  'context-state',
  'context-template',
])

/**
 * How many earlier user turns the spec's parts can read (the largest first-stage window), or `undefined` when one of
 * them may read the whole session (an unbounded history policy, or a part that is not known to render from state only).
 */
function historyTurnsOf(parts: readonly ContextPart[]): number | undefined {
  let turns = 0
  for (const part of parts) {
    if (part.stages === null) {
      if (!stateOnlyKinds.has(part.kind)) return undefined
      continue
    }
    const bound = part.stages[0]?.turns
    if (bound === undefined) return undefined
    turns = Math.max(turns, bound)
  }
  return turns
}

function includeContentsOf(parts: readonly ContextPart[]): IncludeContents {
  if (parts.some((part) => part.includeContents === 'isolated')) return 'isolated'
  return parts.some((part) => part.includeContents === 'none') ? 'none' : 'default'
}

/**
 * Compiles a context spec. `includeContents` is `'isolated'` when any part suppresses history (`C.none()`, `.reads()`,
 * every history policy: the model gets the user's message of the turn and the agent's own calls, never an earlier
 * agent's raw reply), else `'none'` when a part asks for ADK's current turn (`C.currentTurn()`), else `'default'`. The provider runs every rendering part in order and joins their non-empty
 * outputs with a newline: history as `[author]: text` lines (user messages as `[user]: …`), state as
 * `[key]: value` lines (absent keys skipped). Wrap its output with {@link composeInstruction}.
 */
export function compileContext(spec: ContextSpec): CompiledContext {
  // Parts render by tier (C.priority), lower first; Array.prototype.sort is stable, so equal tiers keep their order.
  const includeContents = includeContentsOf(spec.parts)
  const ordered = [...spec.parts].sort((a, b) => a.tier - b.tier)
  const renderers = ordered.flatMap((part) => (part.render ? [part.render] : []))
  const hooks = {
    beforeAgent: Object.freeze(spec.parts.flatMap((part) => (part.beforeAgent ? [part.beforeAgent] : []))),
    afterAgent: Object.freeze(spec.parts.flatMap((part) => (part.afterAgent ? [part.afterAgent] : []))),
    usesModel: spec.parts.some((part) => part.usesModel),
  }
  const turns = includeContents !== 'default' ? historyTurnsOf(spec.parts) : undefined
  const bounds = turns === undefined ? {} : { historyTurns: turns }
  if (renderers.length === 0) return Object.freeze({ includeContents, ...hooks, ...bounds })
  const memo: HistoryMemo = new Map()
  const provider: ContextProvider = async (context) => {
    const outputs: string[] = []
    for (const render of renderers) {
      const output = await render(context, memo)
      if (output.length > 0) outputs.push(output)
    }
    return outputs.join('\n')
  }
  return Object.freeze({ includeContents, provider, ...hooks, ...bounds })
}
