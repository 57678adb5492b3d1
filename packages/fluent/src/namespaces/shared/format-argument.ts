const needsEscape = /['\\]/

/**
 * Renders a factory argument for symbolic descriptions such as `S.pick('a', 'b')`: strings quoted, functions by
 * name, regular expressions as written, everything else as JSON.
 * @internal
 */
export function formatArgument(value: unknown): string {
  if (typeof value === 'string') {
    // Most arguments are state keys and names, which have nothing to escape.
    return needsEscape.test(value) ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : `'${value}'`
  }
  if (typeof value === 'function') return value.name ? value.name : '<function>'
  if (value instanceof RegExp) return String(value)
  if (value === undefined) return 'undefined'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** `formatArgument` over a list, joined with `, `. @internal */
export function formatArguments(values: readonly unknown[]): string {
  return values.map(formatArgument).join(', ')
}
