import type { ContextSpec } from './context-spec.js'

/** The state keys a context spec reads at run time (from `C.fromState`, `C.template`, `C.notes`, `C.relevant({ queryKey })`, …). */
export function contextStateKeys(spec: ContextSpec): string[] {
  return [...new Set(spec.parts.flatMap((part) => part.stateKeys))]
}

/** The state keys a context spec writes (`C.writeNotes`, `C.capture`). */
export function contextWriteKeys(spec: ContextSpec): string[] {
  return [...new Set(spec.parts.flatMap((part) => part.writes))]
}
