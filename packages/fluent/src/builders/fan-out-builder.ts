import type { ParallelAgent, SingleAgentCallback } from '@adk-fluent/core'
import { ParallelNode } from '../ir/parallel-node.js'
import { parseStep, type StepInput } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'

/** A fan-out: branches that run concurrently, each seeing only its own history (a core `ParallelAgent`). */
export interface FanOutBuilder extends FlowBuilder {
  readonly node: ParallelNode
  /**
   * Appends a branch: a builder, an `S` transform, an `A` operation or a function.
   * @example FanOut('research').branch(Agent('web').writes('web')).branch(Agent('papers').writes('papers'))
   */
  branch(branch: StepInput): FanOutBuilder
  /** Appends a branch, like `.branch()` (a fan-out is extended, not nested). */
  parallel(branch: StepInput): FanOutBuilder
  /** Sets the description (replaces). */
  describe(text: string): FanOutBuilder
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): FanOutBuilder
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): FanOutBuilder
  build(): ParallelAgent
}

/** @internal */
export class FanOutBuilderImpl extends FlowBuilderBase implements FanOutBuilder {
  readonly #props: BuilderProps<ParallelNode>

  constructor(props: BuilderProps<ParallelNode>) {
    super()
    this.#props = Object.freeze({ ...props })
  }

  get node(): ParallelNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<ParallelNode, 'kind'>>): FanOutBuilder {
    return new FanOutBuilderImpl({ ...this.#props, node: ParallelNode.cloneWith(this.#props.node, patch) })
  }

  branch(branch: StepInput): FanOutBuilder {
    return this.#with({ branches: Object.freeze([...this.node.branches, parseStep(branch, this.callPath('branch'))]) })
  }

  override parallel(branch: StepInput): FanOutBuilder {
    return this.#with({
      branches: Object.freeze([...this.node.branches, parseStep(branch, this.callPath('parallel'))]),
    })
  }

  describe(text: string): FanOutBuilder {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): FanOutBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): FanOutBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'afterAgent', callback, this.callPath('afterAgent')))
  }

  override build(): ParallelAgent {
    return super.build() as ParallelAgent
  }
}
