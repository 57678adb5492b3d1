import type { StateSnapshot } from '../namespaces/shared/state-snapshot.js'

export type { StatePredicate, StateSnapshot } from '../namespaces/shared/state-snapshot.js'

/**
 * A plain function step: returns the state changes to make (merged into state through an event) or nothing. Its
 * writes are opaque to `check()` unless the function declares them as a `writes` array of keys
 * (`Object.assign(fn, { writes: ['topic'] })`).
 * @example const normalize = (state) => ({ topic: String(state['topic']).trim() })
 */
export type StepFunction = (
  state: StateSnapshot,
) => Record<string, unknown> | void | undefined | Promise<Record<string, unknown> | void | undefined>

/** A read-only observer of state (`tap`); its result is ignored. */
export type TapFunction = (state: StateSnapshot) => unknown
