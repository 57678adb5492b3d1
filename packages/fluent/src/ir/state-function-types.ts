/** The state a fluent step function sees: a frozen copy of the session state without absent (`null`) values. */
export type StateSnapshot = Readonly<Record<string, unknown>>

/** A condition over state (`Route.when`, `.until`, `.proceedIf`, `gate`, `expect`); the result is used for its truth. */
export type StatePredicate = (state: StateSnapshot) => unknown

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
