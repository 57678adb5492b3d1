import type { SingleAgentCallback } from '@adk-fluent/core'
import { FallbackNode } from '../ir/fallback-node.js'
import { parseStep, type StepInput } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'

/** A fallback: attempts tried in turn until one finishes without an error; when all fail, the last error is thrown. */
export interface FallbackBuilder extends FlowBuilder {
  readonly node: FallbackNode
  /**
   * Appends an attempt.
   * @example Fallback('answer').attempt(Agent('fast').model('gemini-2.5-flash')).attempt(Agent('slow').model('gemini-2.5-pro'))
   */
  attempt(attempt: StepInput): FallbackBuilder
  /** Appends an attempt, like `.attempt()` (a fallback is extended, not nested). */
  fallback(alternative: StepInput): FallbackBuilder
  /** Sets the description (replaces). */
  describe(text: string): FallbackBuilder
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): FallbackBuilder
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): FallbackBuilder
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends). Declared
   * on any builder of a tree, they hold for the whole tree; once any are declared, a key that nothing writes and that
   * is not declared is an error instead of a warning (in the types too: a step reading such a key does not compile).
   * @example Agent('writer').instruct('Write about {topic}.').initialState('topic')
   */
  initialState(...keys: string[]): this
}

/** @internal */
export class FallbackBuilderImpl extends FlowBuilderBase implements FallbackBuilder {
  readonly #props: BuilderProps<FallbackNode>

  constructor(props: BuilderProps<FallbackNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): FallbackNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<FallbackNode, 'kind'>>): FallbackBuilder {
    return new FallbackBuilderImpl({ node: FallbackNode.cloneWith(this.#props.node, patch), kit: this.#props.kit })
  }

  attempt(attempt: StepInput): FallbackBuilder {
    return this.#with({
      attempts: Object.freeze([...this.node.attempts, parseStep(attempt, this.callPath('attempt'))]),
    })
  }

  override fallback(alternative: StepInput): FallbackBuilder {
    return this.#with({
      attempts: Object.freeze([...this.node.attempts, parseStep(alternative, this.callPath('fallback'))]),
    })
  }

  describe(text: string): FallbackBuilder {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): FallbackBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): FallbackBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'afterAgent', callback, this.callPath('afterAgent')))
  }
}
