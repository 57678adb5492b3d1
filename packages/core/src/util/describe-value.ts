/** A short description of a user value for error messages: `42 (number)`, `"x" (string)`, `an object`. The one such
 * helper of every package. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'string') return `${JSON.stringify(value)} (string)`
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return `${String(value)} (${typeof value})`
  if (typeof value === 'function') return `a function${value.name ? ` named "${value.name}"` : ''}`
  if (Array.isArray(value)) return `an array of ${value.length}`
  const kind = (value as { kind?: unknown }).kind
  return typeof kind === 'string' ? `an object of kind "${kind}"` : 'an object'
}
