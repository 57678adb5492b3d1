/** The state a fluent step function sees: a frozen copy of the session state without absent (`null`) values. */
export type StateSnapshot = Readonly<Record<string, unknown>>

/**
 * A condition over state (`S.guard`, `S.when`, `Route.when`, `.until`, `.proceedIf`, `gate`, `expect`): its result,
 * awaited when it is a promise, is used for its truth.
 */
export type StatePredicate = (state: StateSnapshot) => unknown
