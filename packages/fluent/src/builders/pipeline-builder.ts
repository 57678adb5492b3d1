import type { z } from 'zod'
import type { SequentialAgent, SingleAgentCallback } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { SequenceNode } from '../ir/sequence-node.js'
import { parseStep } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'
import type {
  InitialError,
  InitialKeys,
  InitialReceiver,
  StateFlow,
  Typed,
  WithInitial,
} from '../flow-types/state-flow.js'
import type { SequenceMethod } from './step-methods.js'

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
  readonly step: SequenceMethod<TFlow>
  /** Appends a step, like `.step()` (a pipeline is extended, not nested). */
  readonly then: SequenceMethod<TFlow>
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
    this: InitialReceiver<$Key, InitialError<Typed<TFlow>, $Key>>,
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): PipelineBuilder<TOutput, WithInitial<Typed<TFlow>, $Key>>
  build(): SequentialAgent
}

/**
 * The class behind {@link PipelineBuilder}, checked against it by `implements`. It holds only the node: the answer type
 * (`TOutput`, the `.returns()` schema's output) and the state keys are known to the interface's types alone, so the
 * class implements it for any. @internal
 */
export class PipelineBuilderImpl extends FlowBuilderBase<any> implements PipelineBuilder<any> {
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
  protected override answerSchema(): z.ZodType | undefined {
    return lastAgentSchema(this.node)
  }

  #with(patch: Partial<Omit<SequenceNode, 'kind'>>): PipelineBuilder<any> {
    return new PipelineBuilderImpl({ node: SequenceNode.cloneWith(this.#props.node, patch), kit: this.#props.kit })
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

  step(step: unknown): PipelineBuilder<any> {
    return this.sequence(parseStep(step, this.callPath('step')))
  }

  /** `.then()` extends this pipeline (its answer is the new last step's, which only the types know). */
  protected override sequence(step: FlowNode): PipelineBuilder<any> {
    return new PipelineBuilderImpl({ node: SequenceNode.append(this.#props.node, step), kit: this.#props.kit })
  }

  describe(text: string): PipelineBuilder<any> {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): PipelineBuilder<any> {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): PipelineBuilder<any> {
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
