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

/**
 * Splits a state (or delta) into its stored scopes: session keys, `app:` and `user:` keys without their prefix;
 * `temp:` keys and `undefined` values are dropped (JSON has no `undefined`: a key written as `undefined` is not
 * written). Own keys only. A scope without keys is one shared frozen empty record (so is every scope of an empty
 * split: most deltas are empty): never write to a split.
 */
export function splitState(state: Readonly<Record<string, unknown>> | undefined): SplitState {
  let session: Record<string, unknown> = empty
  let app: Record<string, unknown> = empty
  let user: Record<string, unknown> = empty
  for (const key in state) {
    if (!Object.prototype.hasOwnProperty.call(state, key)) continue
    const value = state[key]
    if (value === undefined || key.startsWith(StatePrefix.TEMP)) continue
    if (key.startsWith(StatePrefix.APP)) {
      if (app === empty) app = nullRecord()
      app[key.slice(StatePrefix.APP.length)] = value
    } else if (key.startsWith(StatePrefix.USER)) {
      if (user === empty) user = nullRecord()
      user[key.slice(StatePrefix.USER.length)] = value
    } else {
      if (session === empty) session = nullRecord()
      session[key] = value
    }
  }
  return session === empty && app === empty && user === empty ? nothing : { session, app, user }
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
