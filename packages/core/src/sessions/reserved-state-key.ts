import { StateError } from '../errors/runtime-errors.js'
import { isReservedStateKey } from './state-key.js'
import { nullRecord } from '../util/null-record.js'

/** Throws a {@link StateError} when `key` is not a string or is reserved ({@link isReservedStateKey}). */
export function assertWritableStateKey(key: unknown, where: string): asserts key is string {
  if (typeof key !== 'string') {
    throw new StateError(`${where}: a state key must be a string, got ${key === null ? 'null' : typeof key}.`, {
      code: 'STATE_KEY_INVALID',
    })
  }
  if (!isReservedStateKey(key)) return
  throw new StateError(
    `${where}: "${key}" is not a valid state key: __proto__, constructor and prototype (with or without an app:, user: or temp: prefix) are reserved. Rename the key, for example "${key.replace(/(__proto__|constructor|prototype)$/, '$1_value').replace(/^(app:|user:|temp:)?__/, '$1')}".`,
    { code: 'STATE_KEY_INVALID' },
  )
}

/**
 * Throws a {@link StateError} when a state delta has a reserved own key (a `__proto__` member parsed from JSON, for
 * example). Only own keys are state: inherited properties of `delta` are ignored everywhere.
 */
export function assertStateDelta(delta: Readonly<Record<string, unknown>>, where: string): void {
  // for…in with an own-key check: no key array is allocated (most deltas are empty).
  for (const key in delta) if (Object.prototype.hasOwnProperty.call(delta, key)) assertWritableStateKey(key, where)
}

/** A fresh record that inherits nothing ({@link nullRecord}) holding the own enumerable entries of each source, later ones winning. */
export function ownRecord(...sources: (Readonly<Record<string, unknown>> | undefined)[]): Record<string, unknown> {
  const result: Record<string, unknown> = nullRecord()
  for (const source of sources) {
    if (!source) continue
    for (const key of Object.keys(source)) result[key] = source[key]
  }
  return result
}
