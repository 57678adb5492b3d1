import { StatePrefix } from '@adk-fluent/core'

/** A state delta split as ADK stores it: session keys, `app:` and `user:` keys without their prefix; `temp:` dropped. */
export interface SplitState {
  readonly session: Record<string, unknown>
  readonly app: Record<string, unknown>
  readonly user: Record<string, unknown>
}

/** Splits a state (or delta) into its stored scopes. */
export function splitState(state: Readonly<Record<string, unknown>> | undefined): SplitState {
  const split: SplitState = { session: {}, app: {}, user: {} }
  for (const key of Object.keys(state ?? {})) {
    const value = state?.[key]
    if (value === undefined || key.startsWith(StatePrefix.TEMP)) continue
    if (key.startsWith(StatePrefix.APP)) split.app[key.slice(StatePrefix.APP.length)] = value
    else if (key.startsWith(StatePrefix.USER)) split.user[key.slice(StatePrefix.USER.length)] = value
    else split.session[key] = value
  }
  return split
}

/** The merged view ADK returns: session keys, then `app:` keys, then `user:` keys (later ones win). */
export function mergeState(
  session: Readonly<Record<string, unknown>> | null | undefined,
  app: Readonly<Record<string, unknown>> | null | undefined,
  user: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, unknown> {
  const state: Record<string, unknown> = { ...session }
  for (const key of Object.keys(app ?? {})) state[StatePrefix.APP + key] = app?.[key]
  for (const key of Object.keys(user ?? {})) state[StatePrefix.USER + key] = user?.[key]
  return state
}

/** True when the record has at least one own key. */
export function hasKeys(record: Readonly<Record<string, unknown>>): boolean {
  for (const _ of Object.keys(record)) return true
  return false
}
