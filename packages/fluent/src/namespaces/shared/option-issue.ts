/** `a string`, `a number`, `null`, `an array`, … for messages. @internal */
export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (value instanceof RegExp) return 'a RegExp'
  const type = typeof value
  return type === 'object' || type === 'undefined' ? (type === 'undefined' ? 'undefined' : 'an object') : `a ${type}`
}
