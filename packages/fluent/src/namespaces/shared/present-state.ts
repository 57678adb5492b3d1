/**
 * A copy of `state` without `null`/`undefined` values: what predicates and transforms see, since a `null` value
 * counts as absent everywhere. The copy has no prototype, so `key in state` is an own-key test.
 * @internal
 */
export function presentState(state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(state)) {
    const value = state[key]
    if (value !== null && value !== undefined) result[key] = value
  }
  return result
}

/** True when `value` is neither `null` nor `undefined`. @internal */
export function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined
}
