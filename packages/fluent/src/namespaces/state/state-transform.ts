import type { StateFlow } from '../shared/state-flow.js'
import { presentState } from '../shared/present-state.js'
import { isPromiseLike, type MaybePromise } from '../shared/maybe-promise.js'
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
export interface StateTransform<TFlow extends StateFlow = any> {
  readonly kind: 'state-transform'
  /** Type-only: the state keys it writes and reads, for the pipeline's types (never present at run time). */
  readonly '~flow'?: TFlow
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

/**
 * The steps of a `.then()` or `.add()` chain, so a chain of 10,000 steps runs in a loop instead of 10,000 nested
 * calls (which overflowed the stack). Building a link is O(1) (it keeps its two parts, like a rope); the flat list is
 * made on the first run, without recursion, and kept. Nested chains of the same mode flatten into one list
 * (`a.then(b.then(c))` runs a, b, c as `a.then(b).then(c)` does: the same states and the same delta).
 */
interface Chain {
  readonly mode: 'then' | 'add'
  readonly first: StateTransform
  readonly second: StateTransform
  readonly count: number
  /** The name of the first step (chain names stay short). */
  readonly head: string
  flat?: readonly StateTransform[]
}

const chains = new WeakMap<StateTransform, Chain>()

/** Names of chains longer than this say how many steps follow instead of naming each (a name stays short). */
const NAMED_STEPS = 4

function chainOf(mode: Chain['mode'], first: StateTransform, second: StateTransform): Chain {
  const left = chains.get(first)
  const right = chains.get(second)
  const count = (left?.mode === mode ? left.count : 1) + (right?.mode === mode ? right.count : 1)
  return { mode, first, second, count, head: left?.mode === mode ? left.head : first.name }
}

function stepsOf(chain: Chain): readonly StateTransform[] {
  if (chain.flat) return chain.flat
  const flat: StateTransform[] = []
  const pending: StateTransform[] = [chain.second, chain.first]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const inner = chains.get(next)
    if (inner?.mode !== chain.mode) flat.push(next)
    else if (inner.flat) for (const step of inner.flat) flat.push(step)
    else pending.push(inner.second, inner.first)
  }
  chain.flat = flat
  return flat
}

function chainName(chain: Chain): string {
  const joint = chain.mode === 'then' ? '_then_' : '_and_'
  if (chain.count <= NAMED_STEPS) return `${chain.first.name}${joint}${chain.second.name}`
  return `${chain.head}${joint}${chain.count - 1}_more`
}

/** Runs a `.then()` chain: each step on the state the steps before it produced; the changes of all, later winning. */
function runThen(chain: Chain, state: Readonly<Record<string, unknown>>, env: StateEnv): MaybePromise<StateDelta> {
  const steps = stepsOf(chain)
  const merged: StateDelta = {}
  let current = state
  for (let index = 0; index < steps.length; index++) {
    const delta = (steps[index] as StateTransform).apply(current, env)
    if (isPromiseLike(delta)) return finishThen(steps, index, delta, current, merged, env)
    Object.assign(merged, delta)
    current = applyDelta(current, delta)
  }
  return merged
}

async function finishThen(
  steps: readonly StateTransform[],
  from: number,
  pending: Promise<StateDelta>,
  state: Readonly<Record<string, unknown>>,
  merged: StateDelta,
  env: StateEnv,
): Promise<StateDelta> {
  let current = state
  let delta = await pending
  for (let index = from; ; ) {
    Object.assign(merged, delta)
    current = applyDelta(current, delta)
    if (++index >= steps.length) return merged
    delta = await (steps[index] as StateTransform).apply(current, env)
  }
}

/** Runs an `.add()` chain: every step on the same state; their changes merged in order (later winning). */
function runAdd(chain: Chain, state: Readonly<Record<string, unknown>>, env: StateEnv): MaybePromise<StateDelta> {
  const steps = stepsOf(chain)
  const merged: StateDelta = {}
  for (let index = 0; index < steps.length; index++) {
    const delta = (steps[index] as StateTransform).apply(state, env)
    if (!isPromiseLike(delta)) {
      Object.assign(merged, delta)
      continue
    }
    return (async () => {
      Object.assign(merged, await delta)
      for (let next = index + 1; next < steps.length; next++)
        Object.assign(merged, await (steps[next] as StateTransform).apply(state, env))
      return merged
    })()
  }
  return merged
}

/** `a.then(b)` (see {@link StateTransform.then}). */
export function thenState(first: StateTransform, second: StateTransform): StateTransform {
  assertTransform('.then()', second)
  const chain = chainOf('then', first, second)
  const transform = createStateTransform({
    name: chainName(chain),
    description: `${first.description}.then(${second.description})`,
    reads:
      first.reads === null || second.reads === null
        ? null
        : [...first.reads, ...second.reads.filter((key) => !first.writes?.includes(key))],
    writes: union(first.writes, second.writes),
    apply: (state, env) => runThen(chain, state, env),
  })
  chains.set(transform, chain)
  return transform
}

/** `a.add(b)` (see {@link StateTransform.add}). */
export function addState(first: StateTransform, second: StateTransform): StateTransform {
  assertTransform('.add()', second)
  const chain = chainOf('add', first, second)
  const transform = createStateTransform({
    name: chainName(chain),
    description: `${first.description}.add(${second.description})`,
    reads: union(first.reads, second.reads),
    writes: union(first.writes, second.writes),
    apply: (state, env) => runAdd(chain, state, env),
  })
  chains.set(transform, chain)
  return transform
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
      'transform_invalid',
      [`S ${method}`],
      'got a function, but S .then() chains transforms (a transform is not a promise: do not await it or return it from an async function).',
      "To run a function as a step, pass it to a pipeline's .then().",
    )
  }
  const isBuilder = typeof value === 'object' && value !== null && 'build' in value
  if (isBuilder) {
    throwConfigIssue(
      'transform_invalid',
      [`S ${method}`],
      `got an agent or workflow builder, but S ${method} chains state transforms only.`,
      "To run an agent after a transform, start a pipeline: Pipeline('name').step(transform).step(agent).",
    )
  }
  throwConfigIssue(
    'transform_invalid',
    [`S ${method}`],
    `expected a transform made by S.*, got ${value === null ? 'null' : typeof value}.`,
    'Pass one such as S.set({ key: value }).',
  )
}
