// The method types that add a step, one per way of composing, shared by every builder that composes that way: one
// checked signature each, so a step reading a key nothing provides gets one error, the `FluentTypeError` naming it.
import type { ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import type { StateTransform } from '../namespaces/state/state-transform.js'
import type { StepFunction } from '../ir/state-function-types.js'
import type { NodeHolder, StepInput } from '../parse/parse-step.js'
import type {
  Alternative,
  BranchError,
  Checked,
  CheckedStep,
  Concurrent,
  ErrorIf,
  FlowOf,
  Sequence,
  SequenceError,
  StateFlow,
  StateOf,
  StateReader,
  StepFlow,
  Typed,
} from '../flow-types/state-flow.js'
import type { FallbackBuilder } from './fallback-builder.js'
import type { FanOutBuilder } from './fan-out-builder.js'
import type { FlowBuilder } from './flow-builder.js'
import type { PipelineBuilder } from './pipeline-builder.js'

/**
 * A step that sees the state `TState`: a builder, an `S` transform (an `S.compute` written in place sees `TState`), an
 * `A` operation or a function `(state) => delta` of that state.
 */
export type StateStep<TState> =
  | NodeHolder
  | StateTransform
  | ArtifactOperation
  | ((state: TState) => ReturnType<StepFunction>)

/**
 * A state transform as a step after `TFlow`, rejected (`Error`, by default a pipeline's) when it reads a key not
 * written before; its functions see the state typed by the earlier steps.
 */
export type TransformStep<
  TFlow extends StateFlow,
  $Flow extends StateFlow,
  Error = SequenceError<Typed<TFlow>, FlowOf<StateTransform<$Flow>>>,
> = StateTransform<$Flow> & StateReader<StateOf<Typed<TFlow>>> & ErrorIf<Error>

/**
 * What `.ask()` of a pipeline ending with `step` resolves to: the parsed `.returns()` object when the last step is an
 * agent with a schema (or a pipeline ending in one), else the text.
 */
export type StepAnswer<TStep> = TStep extends FlowBuilder<infer TOutput> ? TOutput : string

/**
 * Appends `step` after `TFlow` in a pipeline (`.then()` of every builder, a pipeline's `.step()`): a builder, an `S`
 * transform, an `A` operation or a function `(state) => delta`. Functions and `S.compute` written in place see the
 * state typed by the earlier steps; a step reading a key neither written before nor initial (initial state declared),
 * or writing a key an earlier step read, is rejected with a `FluentTypeError` naming the key.
 */
export interface SequenceMethod<TFlow extends StateFlow> {
  <$Step extends StateStep<StateOf<Typed<TFlow>>>>(
    step: CheckedStep<$Step, StateOf<Typed<TFlow>>, SequenceError<Typed<TFlow>, FlowOf<$Step>>>,
  ): PipelineBuilder<
    StepAnswer<$Step>,
    Sequence<Typed<TFlow>, StepFlow<$Step, SequenceError<Typed<TFlow>, FlowOf<$Step>>>>
  >
}

/**
 * Adds `branch` beside `TFlow` in a fan-out (`.parallel()` of every builder, a fan-out's `.branch()`): branches do not
 * see each other's writes; with initial state declared, a branch reading a key nothing provides is rejected.
 */
export interface BranchMethod<TFlow extends StateFlow> {
  <$Step extends StepInput>(
    branch: Checked<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>,
  ): FanOutBuilder<Concurrent<Typed<TFlow>, StepFlow<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>>>
}

/**
 * Adds `attempt` as an alternative to `TFlow` in a fallback (`.fallback()` of every builder, a fallback's
 * `.attempt()`): each attempt sees the state before the fallback, not another attempt's writes.
 */
export interface AttemptMethod<TFlow extends StateFlow> {
  <$Step extends StepInput>(
    attempt: Checked<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>,
  ): FallbackBuilder<Alternative<Typed<TFlow>, StepFlow<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>>>
}
