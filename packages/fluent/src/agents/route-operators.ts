import type { RouteOperator } from '../ir/route-node.js'

function ordered(actual: unknown, expected: unknown): [number, number] | [string, string] | undefined {
  if (typeof expected === 'number') {
    const value = typeof actual === 'string' && actual.trim() !== '' ? Number(actual) : actual
    return typeof value === 'number' && !Number.isNaN(value) ? [value, expected] : undefined
  }
  if (typeof expected === 'string' && typeof actual === 'string') return [actual, expected]
  return undefined
}

function compare(
  actual: unknown,
  expected: unknown,
  holds: (left: number | string, right: number | string) => boolean,
): boolean {
  const pair = ordered(actual, expected)
  return pair !== undefined && holds(pair[0], pair[1])
}

/**
 * Evaluates a `Route` comparison: `eq`/`ne` are strict equality; `gt`/`gte`/`lt`/`lte` compare numbers (a numeric
 * string counts as its number) or two strings, and are false for anything else; `contains` checks a substring of a
 * string or an element of an array.
 */
export function matchesRouteOperator(operator: RouteOperator, actual: unknown, expected: unknown): boolean {
  switch (operator) {
    case 'eq':
      return actual === expected
    case 'ne':
      return actual !== expected
    case 'gt':
      return compare(actual, expected, (left, right) => left > right)
    case 'gte':
      return compare(actual, expected, (left, right) => left >= right)
    case 'lt':
      return compare(actual, expected, (left, right) => left < right)
    case 'lte':
      return compare(actual, expected, (left, right) => left <= right)
    case 'contains':
      if (typeof actual === 'string') return actual.includes(String(expected))
      return Array.isArray(actual) && actual.includes(expected)
  }
}
