import type { z } from 'zod'
import type { SequentialAgent, SingleAgentCallback } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { SequenceNode } from '../ir/sequence-node.js'
import { parseStep, type StepInput } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'
import { isPromiseThen, rejectAwait } from './not-a-promise.js'
import type { StepFunction } from '../ir/state-function-types.js'
import type { StateTransform } from '../namespaces/state/state-transform.js'
import type {
  Checked,
  ErrorIf,
  FlowOf,
  InitialError,
  InitialKeys,
  OpaqueFlow,
  Sequence,
  SequenceError,
  StateFlow,
  StateOf,
  StateReader,
  Typed,
  WithInitial,
} from '../namespaces/shared/state-flow.js'

/**
 * A state transform as a step after `TFlow`, rejected (`Error`, by default the pipeline's) when it reads a key not
 * written before. Its functions see the state typed by the earlier steps
 * (`S.compute({ category: (state) => state.intent.category })`).
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
 * A pipeline: steps that run one after another (a core `SequentialAgent`). Its type accumulates the state keys the
 * steps write (`TFlow`); once `.initialState()` is declared, a step reading a key that is neither initial nor written
 * by an earlier step does not compile.
 */
export interface PipelineBuilder<TOutput = string, TFlow extends StateFlow = any> extends FlowBuilder<TOutput, TFlow> {
  readonly node: SequenceNode
  /**
   * Appends a step: a builder, an `S` transform, an `A` operation or a function `(state) => delta`.
   * @example Pipeline('flow').step(Agent('writer').writes('draft')).step(S.rename({ draft: 'text' }))
   */
  step<$Flow extends StateFlow>(
    step: TransformStep<TFlow, $Flow>,
  ): PipelineBuilder<string, Sequence<Typed<TFlow>, FlowOf<StateTransform<$Flow>>>>
  step(
    step: (state: StateOf<Typed<TFlow>>) => ReturnType<StepFunction>,
  ): PipelineBuilder<string, Sequence<Typed<TFlow>, OpaqueFlow>>
  step<$Step extends StepInput>(
    step: Checked<$Step, SequenceError<Typed<TFlow>, FlowOf<$Step>>>,
  ): PipelineBuilder<StepAnswer<$Step>, Sequence<Typed<TFlow>, FlowOf<$Step>>>
  /** Appends a step, like `.step()` (a pipeline is extended, not nested). */
  then<$Flow extends StateFlow>(
    step: TransformStep<TFlow, $Flow>,
  ): PipelineBuilder<string, Sequence<Typed<TFlow>, FlowOf<StateTransform<$Flow>>>>
  then(
    step: (state: StateOf<Typed<TFlow>>) => ReturnType<StepFunction>,
  ): PipelineBuilder<string, Sequence<Typed<TFlow>, OpaqueFlow>>
  then<$Step extends StepInput>(
    step: Checked<$Step, SequenceError<Typed<TFlow>, FlowOf<$Step>>>,
  ): PipelineBuilder<StepAnswer<$Step>, Sequence<Typed<TFlow>, FlowOf<$Step>>>
  /** Sets the description (replaces). @example Pipeline('flow').describe('Writes and reviews a draft.') */
  describe(text: string): PipelineBuilder<TOutput, TFlow>
  /** Adds a before-agent callback (appends; the first non-undefined result skips the pipeline). */
  beforeAgent(callback: SingleAgentCallback): PipelineBuilder<TOutput, TFlow>
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): PipelineBuilder<TOutput, TFlow>
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends). Declared
   * on any builder of a tree, they hold for the whole tree; once any are declared, a key that nothing writes and that
   * is not declared is an error instead of a warning — in the types too: a later `.step()` reading such a key does not
   * compile, and declaring it after steps that read undeclared keys does not either.
   * @example Pipeline('flow').initialState('topic').step(Agent('writer').instruct('Write about {topic}.'))
   */
  initialState<const $Key extends string = never>(
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): PipelineBuilder<TOutput, WithInitial<Typed<TFlow>, $Key>>
  build(): SequentialAgent
}

/** @internal */
export class PipelineBuilderImpl<TOutput = string> extends FlowBuilderBase<TOutput> {
  readonly #props: BuilderProps<SequenceNode>

  constructor(props: BuilderProps<SequenceNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): SequenceNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  /** The last step's `.returns()` schema when that step is an agent (or a pipeline ending in one): its answer is the run's. */
  protected override answerSchema(): z.ZodType<TOutput> | undefined {
    return lastAgentSchema(this.node) as z.ZodType<TOutput> | undefined
  }

  #with(patch: Partial<Omit<SequenceNode, 'kind'>>): PipelineBuilder<TOutput> {
    return new PipelineBuilderImpl<TOutput>({
      node: SequenceNode.cloneWith(this.#props.node, patch),
      kit: this.#props.kit,
    }) as never
  }

  /** A bare pipeline's steps become the loop's own steps (so an escalation ends the iteration right there). */
  protected override loopBody(): readonly FlowNode[] {
    const { node } = this
    const bare =
      node.description === undefined &&
      node.beforeAgent.length === 0 &&
      node.afterAgent.length === 0 &&
      node.initialState === undefined
    return bare ? node.steps : [node]
  }

  step(step: StepInput): PipelineBuilder {
    return this.#append(parseStep(step, this.callPath('step')))
  }

  override then(step: StepInput, onRejected?: unknown): PipelineBuilder {
    if (isPromiseThen(step, onRejected)) return rejectAwait(this.node.name, onRejected) as never
    return this.#append(parseStep(step, this.callPath('then')))
  }

  #append(step: FlowNode): PipelineBuilder {
    return new PipelineBuilderImpl({ node: SequenceNode.append(this.#props.node, step), kit: this.#props.kit }) as never
  }

  describe(text: string): PipelineBuilder<TOutput> {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): PipelineBuilder<TOutput> {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): PipelineBuilder<TOutput> {
    return this.#with(agentCallbackUpdate(this.node, 'afterAgent', callback, this.callPath('afterAgent')))
  }

  override build(): SequentialAgent {
    return super.build() as SequentialAgent
  }
}

function lastAgentSchema(node: FlowNode): z.ZodType | undefined {
  if (node.kind === 'agent') return node.returns
  if (node.kind !== 'sequence') return undefined
  const last = node.steps[node.steps.length - 1]
  return last ? lastAgentSchema(last) : undefined
}
