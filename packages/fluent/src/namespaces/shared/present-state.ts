/**
 * A copy of `state` without `null`/`undefined` values: what predicates and transforms see, since a `null` value
 * counts as absent everywhere.
 * @internal
 */
export function presentState(state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const key in state) {
    const value = state[key]
    if (value !== null && value !== undefined) result[key] = value
  }
  return result
}

/** True when `value` is neither `null` nor `undefined`. @internal */
export function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined
}
