import type { ParallelAgent, SingleAgentCallback } from '@adk-fluent/core'
import { ParallelNode } from '../ir/parallel-node.js'
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
import type { BranchMethod } from './step-methods.js'

/** A fan-out: branches that run concurrently, each seeing only its own history (a core `ParallelAgent`). */
/** `TFlow`: the state its branches write and read (branches do not see each other's writes). */
export interface FanOutBuilder<TFlow extends StateFlow = any> extends FlowBuilder<string, TFlow> {
  readonly node: ParallelNode
  /**
   * Appends a branch: a builder, an `S` transform, an `A` operation or a function.
   * @example FanOut('research').branch(Agent('web').writes('web')).branch(Agent('papers').writes('papers'))
   */
  readonly branch: BranchMethod<TFlow>
  /** Appends a branch, like `.branch()` (a fan-out is extended, not nested). */
  readonly parallel: BranchMethod<TFlow>
  /** Sets the description (replaces). */
  describe(text: string): FanOutBuilder<TFlow>
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): FanOutBuilder<TFlow>
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): FanOutBuilder<TFlow>
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends). Declared
   * on any builder of a tree, they hold for the whole tree; once any are declared, a key that nothing writes and that
   * is not declared is an error instead of a warning (in the types too: a read of such a key does not compile).
   */
  initialState<const $Key extends string = never>(
    this: InitialReceiver<$Key, InitialError<Typed<TFlow>, $Key>>,
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): FanOutBuilder<WithInitial<Typed<TFlow>, $Key>>
  build(): ParallelAgent
}

/** @internal */
export class FanOutBuilderImpl extends FlowBuilderBase implements FanOutBuilder {
  readonly #props: BuilderProps<ParallelNode>

  constructor(props: BuilderProps<ParallelNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): ParallelNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<ParallelNode, 'kind'>>): FanOutBuilder {
    return new FanOutBuilderImpl({ node: ParallelNode.cloneWith(this.#props.node, patch), kit: this.#props.kit })
  }

  branch(branch: unknown): FanOutBuilder {
    return this.#with({ branches: Object.freeze([...this.node.branches, parseStep(branch, this.callPath('branch'))]) })
  }

  override parallel(branch: unknown): FanOutBuilder {
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
