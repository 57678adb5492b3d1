import type { ContextSpec } from './context-spec.js'

/**
 * The symbolic form of a context spec, for anatomy and explain views: each part as `<call> — <what it does>`, joined
 * with ` + ` (for example `C.none() — history suppressed + C.fromState('query') — state keys only`).
 */
export function describeContext(spec: ContextSpec): string {
  return spec.parts.map((part) => `${part.call} — ${part.summary}`).join(' + ')
}
