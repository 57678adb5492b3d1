import type { ReadonlyContext } from '@adk-fluent/core'
import type { StateSnapshot } from '../ir/state-function-types.js'

/**
 * What user functions see: a deep, frozen copy of the state without absent (`null`) values, so a function can
 * change state only by returning a delta (never by mutating a value in place). Values that cannot be cloned
 * (functions, class instances with private fields) are passed as they are. The copy has no prototype: only own keys
 * are state (`state.constructor` is `undefined`).
 */
export function stateSnapshot(context: ReadonlyContext): StateSnapshot {
  const record = context.state.toRecord()
  const present: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (value !== null && value !== undefined) present[key] = copyValue(value)
  }
  return Object.freeze(present)
}

function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  try {
    return deepFreeze(structuredClone(value))
  } catch {
    return value
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}
