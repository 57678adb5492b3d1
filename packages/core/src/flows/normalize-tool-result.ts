/**
 * A tool result as a function-response object: objects as they are, arrays as `{ result: [...] }`, anything else
 * (including `undefined`) as `{ result: value }` with `undefined` sent as `null`.
 */
export function normalizeToolResult(result: unknown): Record<string, unknown> {
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) return result as Record<string, unknown>
  return { result: result === undefined ? null : result }
}
