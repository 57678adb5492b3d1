// What a Graph's type knows about the state its nodes write and read — the compile-time twin of the checker's graph
// reads, as far as the compiler can follow edges given in any order. Two rules are checked where a node is added:
// with initial state declared, a key no node of the graph writes (nor the initial state) is an error (a typo); and in
// one `.chain()`, a `{key}` read after a fan-out or routing map of which only some nodes write the key is an error
// (the run fails on the other paths). Everything else — a key written on other paths, by nodes added in other calls —
// is available with `undefined` in its type (the `build()` checker follows every path).
import type { FlowOf, FluentTypeError, KnownKeys, SomeWrites, StateFlow, Typed } from '../flow-types/state-flow.js'

type Or<A extends boolean, B extends boolean> = A extends true ? true : B extends true ? true : false

type Step = { readonly node: unknown } | { readonly kind: string } | ((...parameters: never[]) => unknown)

/** A node argument as a step (a string names a node: none). */
type StepOf<E> = E extends Step ? E : never

/** The steps of one target of a routing map: a step, or the steps of an array. */
type TargetSteps<T> = T extends readonly (infer Item)[] ? StepOf<Item> : StepOf<T>

/** The steps of a chain element, or of a routing map's targets, as a union (a string names a node: none). */
export type ElementSteps<E> = E extends Step
  ? E
  : E extends readonly (infer Item)[]
    ? StepOf<Item>
    : E extends string
      ? never
      : E extends object
        ? TargetSteps<E[keyof E]>
        : never

/** The keys a step writes; `string` when it may write any key (a function, an untyped builder). */
type StepKeys<S> =
  FlowOf<S> extends infer F extends StateFlow
    ? string extends keyof F['writes']
      ? string
      : KnownKeys<keyof F['writes']>
    : never

/** The keys every step of the union `S` writes (a step that may write any key counts as writing each). */
type EveryStepWrites<S> = [S] extends [never]
  ? never
  : (S extends unknown ? (keys: StepKeys<S>) => void : never) extends (keys: infer K) => void
    ? K & string
    : never

/** The keys some step of the union `S` writes. */
type SomeStepWrites<S> = S extends unknown ? StepKeys<S> : never

/** Where a chain is: keys written on every path so far (`must`) and on some path only (`may`). */
export interface ChainPoint {
  readonly must: string
  readonly may: string
}

/** The point after `element`: what every step of it writes is written on every path after it. */
type After<P extends ChainPoint, E> = E extends string
  ? { readonly must: never; readonly may: P['must'] | P['may'] }
  : {
      readonly must: P['must'] | EveryStepWrites<ElementSteps<E>>
      readonly may: P['must'] | P['may'] | SomeStepWrites<ElementSteps<E>>
    }

/** Keys a node may find in state in graph `G`: what any node writes, the initial state (`string`: any key). */
type Available<G extends StateFlow> = keyof G['writes'] | G['initial']

/** Keys the compiler checks: not `app:`/`user:` ones (a run may find them in stored state). */
type Checkable<K> = Exclude<KnownKeys<K>, `app:${string}` | `user:${string}`>

/** The keys step `S` reads that nothing in the graph writes (once initial state is declared). */
type Unwritten<G extends StateFlow, P extends ChainPoint, S> = G['declared'] extends true
  ? Exclude<Checkable<FlowOf<S>['reads']>, Available<G> | P['must'] | P['may'] | SomeStepWrites<S>>
  : never

/** The `{key}` reads of step `S` that only some paths into it write (in this chain). */
type PartlyWritten<P extends ChainPoint, S> = Exclude<Extract<Checkable<FlowOf<S>['required']>, P['may']>, P['must']>

/** The error of adding the steps `S` at point `P` of graph `G`, or `never`. */
export type GraphStepError<G extends StateFlow, P extends ChainPoint, S> = [Unwritten<G, P, S>] extends [never]
  ? [PartlyWritten<P, S>] extends [never]
    ? never
    : FluentTypeError<`state key '${PartlyWritten<P, S> & string}' is written on only some paths into this node (by some of the nodes before it); write it on every path, or read it as {${PartlyWritten<P, S> & string}?}`>
  : FluentTypeError<`state key '${Unwritten<G, P, S> & string}' is not written by any node of the graph; write it in a node before this one or add it to .initialState(...)`>

/** `element`, or the error of adding it (intersected with the argument's type, it rejects the argument). */
type CheckedElement<G extends StateFlow, P extends ChainPoint, E> = [GraphStepError<G, P, ElementSteps<E>>] extends [
  never,
]
  ? E
  : GraphStepError<G, P, ElementSteps<E>>

/** The point a chain starts from: after `START`, the initial state; after anything else, nothing known. */
type Start<G extends StateFlow, E> = E extends 'START'
  ? { readonly must: G['initial']; readonly may: never }
  : After<NoPoint, E>

/** A point nothing is known at. */
interface NoPoint {
  readonly must: never
  readonly may: never
}

/**
 * The checked parameter list of `.chain(...elements)`: each element as it is, or the error of adding it (an untyped
 * graph checks nothing).
 */
export type ChainArguments<G extends StateFlow, E extends readonly unknown[]> = 0 extends 1 & G
  ? E
  : E extends readonly [infer First, ...infer Rest]
    ? [First extends 'START' ? First : CheckedElement<G, NoPoint, First>, ...CheckRest<G, Start<G, First>, Rest>]
    : E

type CheckRest<G extends StateFlow, P extends ChainPoint, E extends readonly unknown[]> = E extends readonly [
  infer Head,
  ...infer Tail,
]
  ? [CheckedElement<G, P, Head>, ...CheckRest<G, After<P, Head>, Tail>]
  : []

/** The checked target of `.edge(from, to)` or the map of `.routes(from, map)`: after `from`, what it writes. */
export type CheckedTarget<G extends StateFlow, From, To> = 0 extends 1 & G ? To : CheckedElement<G, Start<G, From>, To>

/**
 * Graph `G` with the steps `S` added: each key they write may be present (`undefined` where the node that ran did not
 * write it); their reads that nothing in the graph writes stay reads of the graph (checked where it is used).
 */
export interface WithSteps<G extends StateFlow, S> {
  readonly writes: G['writes'] & SomeWrites<FlowOf<S>['writes']>
  readonly reads: Exclude<G['reads'] | KnownKeys<FlowOf<S>['reads']>, Written<G, S>> & string
  readonly required: Exclude<G['required'] | KnownKeys<FlowOf<S>['required']>, Written<G, S>> & string
  readonly initial: (G['initial'] | FlowOf<S>['initial']) & string
  readonly declared: Or<G['declared'], FlowOf<S>['declared'] extends false ? false : true>
}

type Written<G extends StateFlow, S> = KnownKeys<keyof G['writes']> | SomeStepWrites<S> | G['initial']

/** The graph after `.chain(...elements)`, `.edge(from, to)`, `.routes()` or `.join()`: its nodes' steps added. */
export type GraphWith<G extends StateFlow, E> = WithSteps<Typed<G>, ElementSteps<E>>
