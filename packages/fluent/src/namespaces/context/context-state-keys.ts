import type { ContextSpec } from './context-spec.js'

/** The state keys a context spec reads at run time (from `C.fromState`, `C.template`, `C.notes`, `C.relevant({ queryKey })`, …). */
export function contextStateKeys(spec: ContextSpec): string[] {
  return [...new Set(spec.parts.flatMap((part) => part.stateKeys))]
}

/** The state keys a context spec writes (`C.writeNotes`, `C.capture`). */
export function contextWriteKeys(spec: ContextSpec): string[] {
  return [...new Set(spec.parts.flatMap((part) => part.writes))]
}

/**
 * The state keys a context spec reads whose absence is planned for (`{key?}` of `C.template`, the scratchpad of
 * `C.writeNotes`): those no part of the spec reads as needed.
 */
export function contextOptionalKeys(spec: ContextSpec): string[] {
  const needed = new Set(spec.parts.flatMap((part) => part.stateKeys.filter((key) => !part.optionalKeys.includes(key))))
  return contextStateKeys(spec).filter((key) => !needed.has(key))
}

/** The state keys a context spec writes before the agent runs (`C.capture`): the agent's own reads see them. */
export function contextCaptureKeys(spec: ContextSpec): string[] {
  return [...new Set(spec.parts.flatMap((part) => (part.beforeAgent === null ? [] : part.writes)))]
}
