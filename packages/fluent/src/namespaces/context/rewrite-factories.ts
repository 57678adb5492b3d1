import { historySpec, type ContextSpec } from './context-spec.js'
import { compactStage, dedupStage, redactStage } from './rewrite-stages.js'
import { parseRedactPatterns } from './parse-context-options.js'

/**
 * Replaces every match of the patterns (RegExps, or strings holding one) with `[REDACTED]`.
 * @example C.window(5).pipe(C.redact(/\b\d{16}\b/))
 */
export function redact(...patterns: (RegExp | string)[]): ContextSpec<never, never> {
  return historySpec(redactStage(parseRedactPatterns(patterns)))
}

/**
 * Drops events whose author and text repeat a newer event.
 * @example C.dedup()
 */
export function dedup(): ContextSpec<never, never> {
  return historySpec(dedupStage())
}

/**
 * Collapses runs of tool calls into `[author]: [tool calls: N interactions]`.
 * @example C.compact()
 */
export function compact(): ContextSpec<never, never> {
  return historySpec(compactStage())
}
