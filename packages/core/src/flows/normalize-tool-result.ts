import { toJsonSafe, type JsonSafe } from '../util/to-json-safe.js'

/**
 * A tool result as a JSON-safe function-response object (see {@link toJsonSafe} for each conversion rule, so a
 * circular object or a `BigInt` can never poison the session's history): objects as they are, arrays as
 * `{ result: [...] }`, anything else (including `undefined`) as `{ result: value }` with `undefined` sent as `null`.
 */
export function normalizeToolResult(result: unknown): Record<string, unknown> {
  const safe: JsonSafe = toJsonSafe(result)
  if (typeof safe === 'object' && safe !== null && !Array.isArray(safe)) return safe
  return { result: safe }
}
