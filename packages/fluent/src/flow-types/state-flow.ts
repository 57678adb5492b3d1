// What a builder's type knows about the state it writes and reads, and how steps combine it — the compile-time twin
// of the contract checker's `check-state-reads` rules (same keys, same verdicts where the compiler can know them).

declare const fluentTypeError: unique symbol

/** A compile-time error: a parameter of this type rejects the argument and shows `Message` in the compiler output. */
export interface FluentTypeError<Message extends string> {
  readonly [fluentTypeError]: Message
}

/**
 * The state a builder writes and reads, carried in its type. `writes` maps each written key to its value type;
 * `reads` are the keys it needs from earlier steps (templates `{key}` and `.reads()`, never `{key?}` or `app:`/`user:`
 * keys), `required` the `{key}` ones among them (a loop's first iteration fails without them); `initial` the keys
 * declared with `.initialState()` and `declared` whether it was called.
 */
export interface StateFlow {
  readonly writes: object
  readonly reads: string
  readonly required: string
  readonly initial: string
  readonly declared: boolean
}

/** A builder that reads and writes nothing yet. */
export interface EmptyFlow {
  readonly writes: {}
  readonly reads: never
  readonly required: never
  readonly initial: never
  readonly declared: false
}

/** A step whose writes the compiler cannot see (a plain function, an untyped builder): it may write any key. */
export interface OpaqueFlow {
  readonly writes: { readonly [key: string]: unknown }
  readonly reads: never
  readonly required: never
  readonly initial: never
  readonly declared: false
}

/** A flow as steps see it: a builder typed only as `StateFlow` (an annotated variable such as `FlowBuilder`) is opaque. */
export type Typed<F extends StateFlow> = 0 extends 1 & F ? any : string extends F['reads'] ? OpaqueFlow : F

/** The flow of an `S` transform: it writes `W` and reads the keys `R` (expected, not `{key}`-required). */
export interface TransformFlow<W extends object, R extends string = never> {
  readonly writes: W
  readonly reads: ReadKeys<R>
  readonly required: never
  readonly initial: never
  readonly declared: false
}

/** The type-level view of any step argument: the flow a builder or `S` transform carries, else opaque. */
export type FlowOf<$Step> = $Step extends { readonly '~flow'?: infer F }
  ? 0 extends 1 & F
    ? OpaqueFlow
    : [F] extends [StateFlow]
      ? Typed<F>
      : OpaqueFlow
  : OpaqueFlow

/** Keys the compiler knows: a plain `string` (a key built at run time) knows none. */
export type KnownKeys<K> = string extends K ? never : K extends string ? K : never

/** Writes of any key (of unknown value): what a step writes when the compiler cannot know its keys. */
export interface AnyWrites {
  readonly [key: string]: unknown
}

/**
 * The writes of the keys `K`, each of value `V`: literal keys as they are; a key the compiler cannot know (a plain
 * `string`, built at run time) may be any key, so reads after it are never rejected.
 */
export type KeyWrites<K extends string, V = unknown> = string extends K ? AnyWrites : { readonly [P in K]: V }

/**
 * The state keys an object schema's output writes (`.produces()`: the checker's top-level fields), each of its field
 * type. A schema whose fields the compiler cannot list (an untyped `z.ZodType`, a record) may write any key; a
 * schema that is not an object writes none.
 */
export type SchemaWrites<T> = unknown extends T
  ? AnyWrites
  : [NonNullable<T>] extends [readonly unknown[]]
    ? {}
    : [NonNullable<T>] extends [object]
      ? string extends keyof NonNullable<T>
        ? AnyWrites
        : { readonly [K in keyof NonNullable<T> & string]: NonNullable<T>[K] }
      : {}

/** The keys of {@link SchemaWrites} as reads (`.consumes()`): none when the compiler cannot list them. */
export type SchemaKeys<T> = unknown extends T
  ? never
  : [NonNullable<T>] extends [readonly unknown[]]
    ? never
    : [NonNullable<T>] extends [object]
      ? KnownKeys<keyof NonNullable<T> & string>
      : never

type KeysOfAny<U> = U extends unknown ? keyof U : never
type ValueIn<U, K> = U extends unknown ? (K extends keyof U ? U[K] : never) : never

/**
 * What some of the flows whose writes are the union `U` may write (an agent's sub-agents and agent tools: each may
 * run or not): every key any of them writes, optional.
 */
export type SomeWrites<U> = { readonly [K in KeysOfAny<U>]?: ValueIn<U, K> }

/**
 * The keys a spec or an operation writes, as its type carries them (`'~writes'`): `C.capture`, `C.writeNotes`, `A`
 * operations with an `intoKey`. One typed only as `ContextSpec` / `ArtifactOperation` may write any key.
 */
export type DeclaredWrites<T> = KeyWrites<T extends { '~writes'?(keys: infer K): void } ? K & string : string>

/**
 * A flow that also writes `W` (an agent's `.produces()`, `.context()`, `.artifacts()` and sub-agent writes). Its own
 * reads of those keys are not checked in the types: a `C.capture` key is written before the agent runs, so its
 * instruction sees it (the checker reports the agent's reads of its other such keys).
 */
export interface AddWrites<F extends StateFlow, W extends object> {
  readonly writes: F['writes'] & W
  readonly reads: Exclude<F['reads'], keyof W>
  readonly required: Exclude<F['required'], keyof W>
  readonly initial: F['initial']
  readonly declared: F['declared']
}

/** Keys a run may find in persistent state: never required to be written before. */
type PersistentKey = `app:${string}` | `user:${string}`

/** The keys `key` (a literal) adds to reads: not persistent ones. */
export type ReadKeys<K> = Exclude<KnownKeys<K>, PersistentKey>

type Or<A extends boolean, B extends boolean> = A extends true ? true : B extends true ? true : false

/** A flow with `keys` added to its reads (`required` ones also to its required reads). */
export interface AddReads<F extends StateFlow, K extends string, Required extends boolean> {
  readonly writes: F['writes']
  readonly reads: F['reads'] | Exclude<ReadKeys<K>, F['initial']>
  readonly required: F['required'] | (Required extends true ? Exclude<ReadKeys<K>, F['initial']> : never)
  readonly initial: F['initial']
  readonly declared: F['declared']
}

/** A flow whose own writes become `writes` (an agent's `.writes()` key replaces the earlier one). */
export interface SetWrites<F extends StateFlow, W extends object> {
  readonly writes: W
  readonly reads: F['reads']
  readonly required: F['required']
  readonly initial: F['initial']
  readonly declared: F['declared']
}

/** A flow with `.initialState(...keys)` declared: those keys no longer need a writer. */
export interface WithInitial<F extends StateFlow, K extends string> {
  readonly writes: F['writes']
  readonly reads: Exclude<F['reads'], K>
  readonly required: Exclude<F['required'], K>
  readonly initial: F['initial'] | K
  readonly declared: true
}

type Available<F extends StateFlow> = keyof F['writes'] | F['initial']

/** `first` then `next`: `next` sees what `first` wrote (a pipeline's steps, a loop's body). */
export interface Sequence<First extends StateFlow, Next extends StateFlow> {
  readonly writes: First['writes'] & Next['writes']
  readonly reads: KnownKeys<First['reads']> | Exclude<KnownKeys<Next['reads']>, Available<First>>
  readonly required: KnownKeys<First['required']> | Exclude<KnownKeys<Next['required']>, Available<First>>
  readonly initial: First['initial'] | Next['initial']
  readonly declared: Or<First['declared'], Next['declared']>
}

/** `first` and `next` concurrently: neither sees the other's writes (a fan-out's branches). */
export interface Concurrent<First extends StateFlow, Next extends StateFlow> {
  readonly writes: First['writes'] & Next['writes']
  readonly reads: KnownKeys<First['reads']> | KnownKeys<Next['reads']>
  readonly required: KnownKeys<First['required']> | KnownKeys<Next['required']>
  readonly initial: First['initial'] | Next['initial']
  readonly declared: Or<First['declared'], Next['declared']>
}

/** What either of two alternatives writes: a key one of them leaves unwritten may be absent (`undefined`). */
export type EitherWrites<A, B> = {
  readonly [K in keyof A | keyof B]: (K extends keyof A ? A[K] : undefined) | (K extends keyof B ? B[K] : undefined)
}

/**
 * `first` or `next`, each from the same state (a route's branches): neither sees the other's writes, and after them a
 * key either writes may be present (the runtime checker's rule: what any branch writes is available after the route).
 */
export interface Alternative<First extends StateFlow, Next extends StateFlow> {
  readonly writes: EitherWrites<First['writes'], Next['writes']>
  readonly reads: KnownKeys<First['reads']> | KnownKeys<Next['reads']>
  readonly required: KnownKeys<First['required']> | KnownKeys<Next['required']>
  readonly initial: First['initial'] | Next['initial']
  readonly declared: Or<First['declared'], Next['declared']>
}

/**
 * A loop body `first` then `next`: as a sequence, but a key `next` writes is present for `first` from the second
 * iteration on, so an expected read of it (`.reads()`) is satisfied there. A required one (`{key}`) stays a read of the
 * loop: the first iteration needs it from before the loop (an earlier step or the initial state), which the enclosing
 * pipeline checks where the loop is added.
 */
export interface LoopSequence<First extends StateFlow, Next extends StateFlow> extends Sequence<First, Next> {
  readonly reads:
    | Exclude<KnownKeys<First['reads']>, Exclude<keyof Next['writes'], KnownKeys<First['required']>>>
    | Exclude<KnownKeys<Next['reads']>, Available<First>>
}

type WrittenKeys<F extends StateFlow> = KnownKeys<keyof F['writes']>
type Missing<F extends StateFlow> = F['declared'] extends true ? Exclude<KnownKeys<F['reads']>, F['initial']> : never

type MissingRequired<F extends StateFlow> = F['declared'] extends true
  ? Exclude<KnownKeys<F['required']>, F['initial']>
  : never

/** The message for keys read with nothing before providing them (`never` when there are none). */
type MissingError<Keys extends string> = [Keys] extends [never]
  ? never
  : FluentTypeError<`state key '${Keys}' is not written before this step; write it in an earlier step or add it to .initialState(...)`>

/** The message when the merged flow reads a key that nothing before provides, with initial state declared. */
type NotWrittenError<F extends StateFlow> = MissingError<Missing<F>>

/**
 * The error of appending `next` to a pipeline `first`, or `never`: `next` writes a key an earlier step already read
 * (written only after its reader), or a key is read that is neither written before nor in the declared initial state.
 */
export type SequenceError<First extends StateFlow, Next extends StateFlow> = [
  Extract<WrittenKeys<Next>, KnownKeys<First['reads']>>,
] extends [never]
  ? NotWrittenError<Sequence<First, Next>>
  : FluentTypeError<`state key '${Extract<WrittenKeys<Next>, KnownKeys<First['reads']>>}' is read by an earlier step but written only by this step, which runs after it; move this step before its reader`>

/**
 * The error of adding `next` as a loop step, or `never`: with initial state declared on the loop, a required read
 * (`{key}`) that neither the initial state nor an earlier step of the body provides (the first iteration fails, as
 * `build()` reports). An expected read (`.reads()`) is not checked here — a later step of the body may write it (present
 * from the second iteration on) — and stays a read of the loop unless a later step writes it (see
 * {@link LoopSequence}), checked where the loop joins a pipeline. Without initial state on the loop, a `{key}` before
 * its writer stays a required read of the loop, checked likewise.
 */
export type LoopStepError<First extends StateFlow, Next extends StateFlow> = MissingError<
  MissingRequired<LoopSequence<First, Next>>
>

/**
 * The error of adding `next` as a fan-out branch, or `never`. Branches do not see each other's writes, so a branch's
 * reads stay reads of the fan-out (see {@link Concurrent}) — a key a sibling writes included — and are checked where
 * the fan-out joins a pipeline with declared initial state (a key written before the fan-out is fine).
 */
export type BranchError<First extends StateFlow, Next extends StateFlow> = NotWrittenError<Concurrent<First, Next>>

/** `unknown` when `Error` is `never`, else the error (intersected with a parameter type, it rejects the argument). */
export type ErrorIf<Error> = [Error] extends [never] ? unknown : Error

/** `$Step` when `Error` is `never`, else the error (the parameter type of `.step()` and its kin). */
export type Checked<$Step, Error> = [Error] extends [never] ? $Step : Error

/**
 * The parameter type of a step that sees the state `TState` (`.step()`/`.then()`, a Loop's `.step()`): as
 * {@link Checked}; while the compiler infers a call written in place (`S.compute(...)`) it asks this type before it
 * knows `$Step` (`never` then), and gets the {@link StateReader} that types the call's functions with `TState`.
 */
export type CheckedStep<$Step, TState, Error> = [$Step] extends [never] ? StateReader<TState> : Checked<$Step, Error>

/**
 * The flow a step adds once checked: its own, or — when it was rejected (`Error`) — an opaque one, so the steps after
 * it are not rejected again for the same key (the error is reported once, where it is).
 */
export type StepFlow<$Step, Error> = [Error] extends [never] ? FlowOf<$Step> : OpaqueFlow

/** The error of a read added to `flow` (its reads included) once initial state is declared, or `never`. */
export type ReadError<F extends StateFlow> = NotWrittenError<F>

/**
 * The parameters of `.initialState(...keys)`: the keys, or — when declaring them leaves a read unprovided — the error,
 * which rejects every key given (a call with no keys is rejected by {@link InitialReceiver}).
 */
export type InitialKeys<$Key, Error> = [Error] extends [never] ? $Key[] : Error[]

/**
 * The `this` of `.initialState(...keys)`: called with no keys (an empty initial state) when that leaves a read
 * unprovided, the error, so the message names the key (an arity error would not); else anything.
 */
export type InitialReceiver<$Key, Error> = [$Key] extends [never] ? ErrorIf<Error> : unknown

/** The error of declaring `keys` as initial state on `flow`, or `never`. */
export type InitialError<F extends StateFlow, K extends string> = NotWrittenError<WithInitial<F, K>>

/**
 * Type-only: what a step taking the state (`S.compute`) is given as its functions' parameter type. A pipeline's
 * `.step()` asks for it, so the functions of `S.compute` written in place see the state typed by the earlier steps.
 */
export interface StateReader<TState> {
  '~state'?(state: TState): void
}

/** The state `S.compute` and function steps see after `flow`: its typed writes, any other key unknown. */
export type StateOf<F extends StateFlow> = Readonly<F['writes']> & { readonly [key: string]: unknown }
