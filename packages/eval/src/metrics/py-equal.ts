/**
 * Python's `==` on decoded JSON, which is how ADK compares tool-call arguments: objects by key set and values (key
 * order ignored), arrays element by element, numbers by value with booleans as the numbers 1 and 0 (`True == 1`),
 * `None` (here `null` or `undefined`) equal only to itself. Integers beyond 2^53 are compared as JSON.parse gave them.
 */
export function pyEqual(left: unknown, right: unknown): boolean {
  const a = asNumber(left)
  const b = asNumber(right)
  if (a !== undefined || b !== undefined) return a !== undefined && b !== undefined && a === b
  if (left === null || left === undefined || right === null || right === undefined) {
    return (left === null || left === undefined) && (right === null || right === undefined)
  }
  if (typeof left === 'string' || typeof right === 'string') return left === right
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false
    return left.every((item, index) => pyEqual(item, right[index]))
  }
  if (typeof left === 'object' && typeof right === 'object') {
    const leftKeys = Object.keys(left)
    const rightRecord = right as Record<string, unknown>
    if (leftKeys.length !== Object.keys(rightRecord).length) return false
    return leftKeys.every(
      (key) => Object.hasOwn(rightRecord, key) && pyEqual((left as Record<string, unknown>)[key], rightRecord[key]),
    )
  }
  return left === right
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  return undefined
}
