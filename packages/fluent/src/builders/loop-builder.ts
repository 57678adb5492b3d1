import type { LoopAgent, SingleAgentCallback } from '@adk-fluent/core'
import { LoopNode } from '../ir/loop-node.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import { parseCount } from '../parse/parse-count.js'
import { parseFunction } from '../parse/parse-function.js'
import { parseStep } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'
import type {
  CheckedStep,
  FlowOf,
  InitialError,
  InitialKeys,
  InitialReceiver,
  LoopSequence,
  LoopStepError,
  StateFlow,
  StateOf,
  StepFlow,
  Typed,
  WithInitial,
} from '../flow-types/state-flow.js'
import type { StateStep } from './step-methods.js'

/**
 * A loop: its steps repeat until `maxIterations`, or until `until(state)` holds after an iteration's steps, or until
 * a step escalates (a core `LoopAgent`). It needs `maxIterations` or `until`.
 */
/**
 * `TFlow`: the state its body writes and reads; a key written later in the body is present from the second iteration
 * on, so a `{key}` template before its writer does not compile (the first iteration would fail).
 */
export interface LoopBuilder<TFlow extends StateFlow = any> extends FlowBuilder<string, TFlow> {
  readonly node: LoopNode
  /**
   * Appends a step to the loop body (the functions of an `S.compute` written here see what earlier steps of the body
   * wrote, typed).
   * @example Loop('refine').step(Agent('writer')).step(Agent('critic')).maxIterations(3)
   */
  step<$Step extends StateStep<StateOf<Typed<TFlow>>>>(
    step: CheckedStep<$Step, StateOf<Typed<TFlow>>, LoopStepError<Typed<TFlow>, FlowOf<$Step>>>,
  ): LoopBuilder<LoopSequence<Typed<TFlow>, StepFlow<$Step, LoopStepError<Typed<TFlow>, FlowOf<$Step>>>>>
  /** Sets the iteration limit, a whole number >= 1 (replaces). */
  maxIterations(count: number): LoopBuilder<TFlow>
  /**
   * Sets the exit condition, checked after each iteration's steps (replaces); `max` also sets the iteration limit.
   * @example Loop('refine').step(writer).until((state) => state['score'] >= 0.8)
   */
  until(predicate: StatePredicate, options?: { readonly max?: number }): LoopBuilder<TFlow>
  /** Sets the description (replaces). */
  describe(text: string): LoopBuilder<TFlow>
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): LoopBuilder<TFlow>
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): LoopBuilder<TFlow>
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends). Declared
   * on any builder of a tree, they hold for the whole tree; once any are declared, a key that nothing writes and that
   * is not declared is an error instead of a warning (in the types too: a read of such a key does not compile).
   */
  initialState<const $Key extends string = never>(
    this: InitialReceiver<$Key, InitialError<Typed<TFlow>, $Key>>,
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): LoopBuilder<WithInitial<Typed<TFlow>, $Key>>
  build(): LoopAgent
}

/** @internal */
export class LoopBuilderImpl extends FlowBuilderBase implements LoopBuilder {
  readonly #props: BuilderProps<LoopNode>

  constructor(props: BuilderProps<LoopNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): LoopNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<LoopNode, 'kind'>>): LoopBuilder {
    return new LoopBuilderImpl({ node: LoopNode.cloneWith(this.#props.node, patch), kit: this.#props.kit })
  }

  step(step: unknown): LoopBuilder {
    return this.#with({ steps: Object.freeze([...this.node.steps, parseStep(step, this.callPath('step'))]) })
  }

  maxIterations(count: number): LoopBuilder {
    return this.#with({ maxIterations: parseCount(count, this.callPath('maxIterations'), 1, 'maxIterations(count)') })
  }

  /**
   * A loop without an iteration limit takes `count` as its own limit (wrapping it in a second loop would repeat a
   * loop that never stops); a loop that has one is repeated `count` times, as any step is.
   */
  override times(count: number): LoopBuilder {
    if (this.node.maxIterations !== undefined) return super.times(count)
    return this.#with({ maxIterations: parseCount(count, this.callPath('times'), 1, 'times(count)') })
  }

  override until(predicate: StatePredicate, options: { readonly max?: number } = {}): LoopBuilder {
    const path = this.callPath('until')
    const until = parseFunction<StatePredicate>(predicate, path, 'a predicate (state) => boolean')
    if (options.max === undefined) return this.#with({ until })
    return this.#with({ until, maxIterations: parseCount(options.max, path, 1, 'until(predicate, { max })') })
  }

  describe(text: string): LoopBuilder {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): LoopBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): LoopBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'afterAgent', callback, this.callPath('afterAgent')))
  }

  override build(): LoopAgent {
    return super.build() as LoopAgent
  }
}
