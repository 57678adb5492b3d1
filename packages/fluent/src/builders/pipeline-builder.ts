import type { SequentialAgent, SingleAgentCallback } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { SequenceNode } from '../ir/sequence-node.js'
import { parseStep, type StepInput } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'
import { isPromiseThen, rejectAwait } from './not-a-promise.js'

/** A pipeline: steps that run one after another (a core `SequentialAgent`). */
export interface PipelineBuilder extends FlowBuilder {
  readonly node: SequenceNode
  /**
   * Appends a step: a builder, an `S` transform, an `A` operation or a function `(state) => delta`.
   * @example Pipeline('flow').step(Agent('writer').writes('draft')).step(S.rename({ draft: 'text' }))
   */
  step(step: StepInput): PipelineBuilder
  /** Appends a step, like `.step()` (a pipeline is extended, not nested). */
  then(step: StepInput): PipelineBuilder
  /** Sets the description (replaces). @example Pipeline('flow').describe('Writes and reviews a draft.') */
  describe(text: string): PipelineBuilder
  /** Adds a before-agent callback (appends; the first non-undefined result skips the pipeline). */
  beforeAgent(callback: SingleAgentCallback): PipelineBuilder
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): PipelineBuilder
  build(): SequentialAgent
}

/** @internal */
export class PipelineBuilderImpl extends FlowBuilderBase implements PipelineBuilder {
  readonly #props: BuilderProps<SequenceNode>

  constructor(props: BuilderProps<SequenceNode>) {
    super()
    this.#props = Object.freeze({ ...props })
  }

  get node(): SequenceNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<SequenceNode, 'kind'>>): PipelineBuilder {
    return new PipelineBuilderImpl({ ...this.#props, node: SequenceNode.cloneWith(this.#props.node, patch) })
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
    return new PipelineBuilderImpl({ ...this.#props, node: SequenceNode.append(this.#props.node, step) })
  }

  describe(text: string): PipelineBuilder {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): PipelineBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): PipelineBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'afterAgent', callback, this.callPath('afterAgent')))
  }

  override build(): SequentialAgent {
    return super.build() as SequentialAgent
  }
}
