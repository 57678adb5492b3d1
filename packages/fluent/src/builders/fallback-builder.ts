import type { SingleAgentCallback } from '@adk-fluent/core'
import { FallbackNode } from '../ir/fallback-node.js'
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
import type { AttemptMethod } from './step-methods.js'

/**
 * A fallback: attempts tried in turn until one finishes without an error; when all fail, the last error is thrown.
 * Errors that end the run (an abort, a guard that blocked, an open circuit breaker) are not caught.
 * `TFlow`: each attempt sees the state before the fallback (as the checker walks them: alternatives from one state),
 * and after it a key any attempt writes counts as written (`undefined` where the attempt that finished did not).
 */
export interface FallbackBuilder<TFlow extends StateFlow = any> extends FlowBuilder<string, TFlow> {
  readonly node: FallbackNode
  /**
   * Appends an attempt.
   * @example Fallback('answer').attempt(Agent('fast').model('gemini-2.5-flash')).attempt(Agent('slow').model('gemini-2.5-pro'))
   */
  readonly attempt: AttemptMethod<TFlow>
  /** Appends an attempt, like `.attempt()` (a fallback is extended, not nested). */
  readonly fallback: AttemptMethod<TFlow>
  /** Sets the description (replaces). */
  describe(text: string): FallbackBuilder<TFlow>
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): FallbackBuilder<TFlow>
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): FallbackBuilder<TFlow>
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends). Declared
   * on any builder of a tree, they hold for the whole tree; once any are declared, a key that nothing writes and that
   * is not declared is an error instead of a warning (in the types too: a read of such a key does not compile).
   * @example Fallback('answer').attempt(Agent('fast').instruct('Answer {question}.')).initialState('question')
   */
  initialState<const $Key extends string = never>(
    this: InitialReceiver<$Key, InitialError<Typed<TFlow>, $Key>>,
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): FallbackBuilder<WithInitial<Typed<TFlow>, $Key>>
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

  attempt(attempt: unknown): FallbackBuilder {
    return this.#with({
      attempts: Object.freeze([...this.node.attempts, parseStep(attempt, this.callPath('attempt'))]),
    })
  }

  override fallback(alternative: unknown): FallbackBuilder {
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
