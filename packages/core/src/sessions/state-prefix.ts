import { nullRecord } from '../util/null-record.js'
/** State key prefixes: app-wide, per-user, and invocation-only (never persisted). */
export const StatePrefix = Object.freeze({ APP: 'app:', USER: 'user:', TEMP: 'temp:' } as const)

/** True for keys that live only for the current invocation. */
export function isTempKey(key: string): boolean {
  return key.startsWith(StatePrefix.TEMP)
}

/** True for keys stored per app or per user rather than per session. */
export function isScopedKey(key: string): boolean {
  return key.startsWith(StatePrefix.APP) || key.startsWith(StatePrefix.USER) || key.startsWith(StatePrefix.TEMP)
}

/** A copy of `delta` without `temp:` keys (or `delta` itself when it has none). */
export function withoutTempKeys(delta: Record<string, unknown>): Record<string, unknown> {
  let temp = false
  for (const key in delta) if (isTempKey(key) && Object.prototype.hasOwnProperty.call(delta, key)) temp = true
  if (!temp) return delta
  const result = nullRecord()
  for (const key of Object.keys(delta)) if (!isTempKey(key)) result[key] = delta[key]
  return result
}
