import { presentState } from '../shared/present-state.js'
import { thenMaybe, type MaybePromise } from '../shared/maybe-promise.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** Changes to state: key → new value; `null` removes the key (a `null` value counts as absent everywhere). */
export type StateDelta = Record<string, unknown>

/** What a transform may know besides state: the text of the user's message (for `S.capture`). */
export interface StateEnv {
  readonly userText?: string
}

/** The function of a transform: state in, delta out (or a promise of it). Never mutates its input. */
export type StateApply = (state: Readonly<Record<string, unknown>>, env?: StateEnv) => MaybePromise<StateDelta>

/**
 * A state transform: a frozen plain descriptor whose `apply` returns a **delta**. Chain with `.then()` (later steps
 * see earlier results; every step's changes are kept) and combine with `.add()` (both on the same input; on a
 * conflict the second wins).
 */
export interface StateTransform {
  readonly kind: 'state-transform'
  /** An identifier-like name (`pick_draft`), used to name the pipeline step. */
  readonly name: string
  /** The factory call as written (`S.pick('draft')`), for explain and graph views. */
  readonly description: string
  /** Keys it reads; `null` when opaque (a predicate or function sees the whole state). */
  readonly reads: readonly string[] | null
  /** Keys it gives a value; `null` when opaque. Keys it removes (sets to `null`) are not listed. */
  readonly writes: readonly string[] | null
  readonly apply: StateApply
  /**
   * Runs `other` on the state this transform produced; the delta holds the changes of both (the later wins per key).
   * @example S.set({ a: 1 }).then(S.compute({ b: (state) => Number(state.a) + 1 }))
   */
  then(other: StateTransform): StateTransform
  /**
   * Runs both on the same input and merges their deltas; on a conflict the second wins.
   * @example S.default({ tone: 'neutral' }).add(S.set({ draft: '' }))
   */
  add(other: StateTransform): StateTransform
}

/** The parts a factory provides; the inner function sees state without `null` values. @internal */
export interface StateTransformInit {
  readonly name: string
  readonly description: string
  readonly reads: readonly string[] | null
  readonly writes: readonly string[] | null
  readonly apply: (state: Readonly<Record<string, unknown>>, env: StateEnv) => MaybePromise<StateDelta>
}

/** Creates a frozen transform; its `apply` hides `null` values from the factory's function. @internal */
export function createStateTransform(init: StateTransformInit): StateTransform {
  const transform: StateTransform = Object.freeze({
    kind: 'state-transform' as const,
    name: init.name,
    description: init.description,
    reads: init.reads === null ? null : Object.freeze([...new Set(init.reads)]),
    writes: init.writes === null ? null : Object.freeze([...new Set(init.writes)]),
    apply: (state: Readonly<Record<string, unknown>>, env: StateEnv = {}) =>
      init.apply(Object.freeze(presentState(state)), env),
    then: (other: StateTransform) => thenState(transform, other),
    add: (other: StateTransform) => addState(transform, other),
  })
  return transform
}

/** True for a transform made by `S.*`. */
export function isStateTransform(value: unknown): value is StateTransform {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'state-transform' &&
    typeof (value as { apply?: unknown }).apply === 'function'
  )
}

/** `state` with `delta` applied (`null` removes a key). Never mutates either. */
export function applyDelta(state: Readonly<Record<string, unknown>>, delta: StateDelta): Record<string, unknown> {
  const result: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, state)
  for (const key of Object.keys(delta)) {
    const value = delta[key]
    if (value === null || value === undefined) delete result[key]
    else result[key] = value
  }
  return result
}

/** `a.then(b)` (see {@link StateTransform.then}). */
export function thenState(first: StateTransform, second: StateTransform): StateTransform {
  assertTransform('.then()', second)
  return createStateTransform({
    name: `${first.name}_then_${second.name}`,
    description: `${first.description}.then(${second.description})`,
    reads:
      first.reads === null || second.reads === null
        ? null
        : [...first.reads, ...second.reads.filter((key) => !first.writes?.includes(key))],
    writes: union(first.writes, second.writes),
    apply: (state, env) =>
      thenMaybe(first.apply(state, env), (firstDelta) =>
        thenMaybe(second.apply(applyDelta(state, firstDelta), env), (secondDelta) => ({
          ...firstDelta,
          ...secondDelta,
        })),
      ),
  })
}

/** `a.add(b)` (see {@link StateTransform.add}). */
export function addState(first: StateTransform, second: StateTransform): StateTransform {
  assertTransform('.add()', second)
  return createStateTransform({
    name: `${first.name}_and_${second.name}`,
    description: `${first.description}.add(${second.description})`,
    reads: union(first.reads, second.reads),
    writes: union(first.writes, second.writes),
    apply: (state, env) =>
      thenMaybe(first.apply(state, env), (firstDelta) =>
        thenMaybe(second.apply(state, env), (secondDelta) => ({ ...firstDelta, ...secondDelta })),
      ),
  })
}

/** The union of key lists; `null` (opaque) wins. @internal */
export function union(...lists: (readonly string[] | null)[]): string[] | null {
  if (lists.some((list) => list === null)) return null
  return [...new Set(lists.flatMap((list) => list ?? []))]
}

function assertTransform(method: string, value: unknown): void {
  if (isStateTransform(value)) return
  if (typeof value === 'function') {
    // `await transform` (or returning one from an async function) calls `.then(resolve, reject)`.
    throwConfigIssue(
      [`S ${method}`],
      'got a function, but S .then() chains transforms (a transform is not a promise: do not await it or return it from an async function).',
      "To run a function as a step, pass it to a pipeline's .then().",
    )
  }
  const isBuilder = typeof value === 'object' && value !== null && 'build' in value
  if (isBuilder) {
    throwConfigIssue(
      [`S ${method}`],
      `got an agent or workflow builder, but S ${method} chains state transforms only.`,
      "To run an agent after a transform, start a pipeline: Pipeline('name').step(transform).step(agent).",
    )
  }
  throwConfigIssue(
    [`S ${method}`],
    `expected a transform made by S.*, got ${value === null ? 'null' : typeof value}.`,
    'Pass one such as S.set({ key: value }).',
  )
}
