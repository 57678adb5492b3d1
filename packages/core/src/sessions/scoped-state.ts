import { nullRecord } from '../util/null-record.js'
import { StatePrefix } from './state-prefix.js'

/**
 * State as every session store keeps it, in ADK's three scopes: the session's own keys, and the `app:` and `user:`
 * keys without their prefix (shared by every session of the app, or of the app's user). `temp:` keys are never
 * stored. A scope a store has no row for is `undefined` (or `null`, as a database returns it).
 */
export interface ScopedState {
  readonly session?: Readonly<Record<string, unknown>> | null | undefined
  readonly app?: Readonly<Record<string, unknown>> | null | undefined
  readonly user?: Readonly<Record<string, unknown>> | null | undefined
}

/** A state (or delta) split into its stored scopes: every scope present (empty when nothing is in it). */
export interface SplitState extends ScopedState {
  readonly session: Readonly<Record<string, unknown>>
  readonly app: Readonly<Record<string, unknown>>
  readonly user: Readonly<Record<string, unknown>>
}

const empty: Readonly<Record<string, never>> = Object.freeze(nullRecord<never>())
const nothing: SplitState = Object.freeze({ session: empty, app: empty, user: empty })

/** The scopes state is stored in: the session's own, the app's (`app:` keys) and the app's user's (`user:` keys). */
export type StateScope = 'session' | 'app' | 'user'

/** The scope a state key is stored in; `undefined` for a `temp:` key (never stored). */
export function scopeOf(key: string): StateScope | undefined {
  if (key.startsWith(StatePrefix.APP)) return 'app'
  if (key.startsWith(StatePrefix.USER)) return 'user'
  return key.startsWith(StatePrefix.TEMP) ? undefined : 'session'
}

/** The name a key has in its scope: without its `app:` or `user:` prefix. */
export function keyInScope(key: string, scope: StateScope): string {
  return scope === 'session' ? key : key.slice(scope === 'app' ? StatePrefix.APP.length : StatePrefix.USER.length)
}

/**
 * Splits a state (or delta) into its stored scopes ({@link scopeOf}, {@link keyInScope}); `undefined` values are
 * dropped (JSON has no `undefined`: a key written as `undefined` is not written). Own keys only. A scope without keys
 * is one shared frozen empty record (so is every scope of an empty split: most deltas are empty): never write to a
 * split.
 */
export function splitState(state: Readonly<Record<string, unknown>> | undefined): SplitState {
  let split:
    | { session: Record<string, unknown>; app: Record<string, unknown>; user: Record<string, unknown> }
    | undefined
  for (const key in state) {
    if (!Object.prototype.hasOwnProperty.call(state, key)) continue
    const value = state[key]
    const scope = value === undefined ? undefined : scopeOf(key)
    if (scope === undefined) continue
    split ??= { session: empty, app: empty, user: empty }
    if (split[scope] === empty) split[scope] = nullRecord()
    split[scope][keyInScope(key, scope)] = value
  }
  return split ?? nothing
}

/**
 * The merged state ADK returns, as a record that inherits nothing: session keys, then `app:` keys, then `user:` keys
 * (later ones win). A fresh record: changing it changes nothing stored.
 */
export function mergeState(state: ScopedState): Record<string, unknown> {
  const merged: Record<string, unknown> = nullRecord()
  const { session, app, user } = state
  if (session) for (const key of Object.keys(session)) merged[key] = session[key]
  if (app) for (const key of Object.keys(app)) merged[StatePrefix.APP + key] = app[key]
  if (user) for (const key of Object.keys(user)) merged[StatePrefix.USER + key] = user[key]
  return merged
}

/** True when the record has at least one own key. */
export function hasKeys(record: Readonly<Record<string, unknown>>): boolean {
  if (record === empty) return false
  for (const key in record) if (Object.prototype.hasOwnProperty.call(record, key)) return true
  return false
}
