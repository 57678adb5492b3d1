import { assertStateDelta } from '@adk-fluent/core/internal'
import { HttpRequestError } from '../http/request-error.js'

/** How deep a posted state may nest (objects and arrays); deeper ones are refused before anything walks them. */
export const maxStateDepth = 64

/** The nesting depth of a parsed JSON value, measured without recursion (so no depth can overflow the stack). */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number]
    if (typeof current !== 'object' || current === null) continue
    deepest = Math.max(deepest, depth)
    if (deepest > limit) return deepest
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return deepest
}

/**
 * A state posted to the dev server (`state` of a session, a run or a preview): a JSON object, nested at most
 * {@link maxStateDepth} levels, whose keys follow the runtime's rule (no `__proto__`, `constructor`, `prototype`).
 * Anything else is a 400 {@link HttpRequestError} saying what to change.
 */
export function postedState(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpRequestError('HTTP_BAD_REQUEST', `"${name}" must be a JSON object.`)
  if (depthOf(value, maxStateDepth) > maxStateDepth)
    throw new HttpRequestError('HTTP_BAD_REQUEST', `"${name}" is nested more than ${maxStateDepth} levels deep.`)
  try {
    assertStateDelta(value as Record<string, unknown>, `"${name}"`)
  } catch (error) {
    // assertStateDelta throws only StateErrors, which name the key and a rename.
    throw new HttpRequestError('HTTP_BAD_REQUEST', (error as Error).message)
  }
  return value as Record<string, unknown>
}
