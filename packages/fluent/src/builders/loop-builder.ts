import type { LoopAgent, SingleAgentCallback } from '@adk-fluent/core'
import { LoopNode } from '../ir/loop-node.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import { parseCount } from '../parse/parse-count.js'
import { parseFunction } from '../parse/parse-function.js'
import { parseStep, type StepInput } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'

/**
 * A loop: its steps repeat until `maxIterations`, or until `until(state)` holds after an iteration's steps, or until
 * a step escalates (a core `LoopAgent`). It needs `maxIterations` or `until`.
 */
export interface LoopBuilder extends FlowBuilder {
  readonly node: LoopNode
  /**
   * Appends a step to the loop body.
   * @example Loop('refine').step(Agent('writer')).step(Agent('critic')).maxIterations(3)
   */
  step(step: StepInput): LoopBuilder
  /** Sets the iteration limit, a whole number >= 1 (replaces). */
  maxIterations(count: number): LoopBuilder
  /**
   * Sets the exit condition, checked after each iteration's steps (replaces); `max` also sets the iteration limit.
   * @example Loop('refine').step(writer).until((state) => state['score'] >= 0.8)
   */
  until(predicate: StatePredicate, options?: { readonly max?: number }): LoopBuilder
  /** Sets the description (replaces). */
  describe(text: string): LoopBuilder
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): LoopBuilder
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): LoopBuilder
  build(): LoopAgent
}

/** @internal */
export class LoopBuilderImpl extends FlowBuilderBase implements LoopBuilder {
  readonly #props: BuilderProps<LoopNode>

  constructor(props: BuilderProps<LoopNode>) {
    super()
    this.#props = Object.freeze({ ...props })
  }

  get node(): LoopNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<LoopNode, 'kind'>>): LoopBuilder {
    return new LoopBuilderImpl({ ...this.#props, node: LoopNode.cloneWith(this.#props.node, patch) })
  }

  step(step: StepInput): LoopBuilder {
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
