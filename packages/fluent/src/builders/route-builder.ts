import type { SingleAgentCallback } from '@adk-fluent/core'
import { RouteNode, type RouteOperator, type RouteRule } from '../ir/route-node.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import { parseFunction } from '../parse/parse-function.js'
import { parseStep, type StepInput } from '../parse/parse-step.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'
import type {
  Alternative,
  BranchError,
  Checked,
  FlowOf,
  InitialError,
  InitialKeys,
  InitialReceiver,
  StateFlow,
  StepFlow,
  Typed,
  WithInitial,
} from '../flow-types/state-flow.js'

/**
 * A route: reads `state[key]` and runs the target of the first rule that holds (rules in the order added), else the
 * `otherwise` target; with neither, nothing runs. Comparisons: `eq`/`ne` strict equality, `gt`/`gte`/`lt`/`lte` on
 * numbers (numeric strings count) or two strings, `contains` a substring or an array element.
 *
 * `TFlow`: the route reads its key; each target sees the state before the route (not another target's writes), and
 * after the route a key any target writes may be present (`undefined` when the target that ran did not write it).
 */
export interface RouteBuilder<TFlow extends StateFlow = any> extends FlowBuilder<string, TFlow> {
  readonly node: RouteNode
  /** Runs `target` when `state[key] === value` (appends a rule). @example Route('intent').eq('billing', billing) */
  readonly eq: RouteRuleMethod<TFlow, unknown>
  /** Runs `target` when `state[key] !== value` (appends a rule). */
  readonly ne: RouteRuleMethod<TFlow, unknown>
  /** Runs `target` when `state[key] > value` (appends a rule). @example Route('score').gt(0.8, publish) */
  readonly gt: RouteRuleMethod<TFlow, number | string>
  /** Runs `target` when `state[key] >= value` (appends a rule). */
  readonly gte: RouteRuleMethod<TFlow, number | string>
  /** Runs `target` when `state[key] < value` (appends a rule). */
  readonly lt: RouteRuleMethod<TFlow, number | string>
  /** Runs `target` when `state[key] <= value` (appends a rule). */
  readonly lte: RouteRuleMethod<TFlow, number | string>
  /** Runs `target` when `state[key]` contains `value` (appends a rule). @example Route('tags').contains('urgent', pager) */
  readonly contains: RouteRuleMethod<TFlow, unknown>
  /**
   * Runs `target` when `predicate(state)` holds (appends a rule).
   * @example Route('intent').when((state) => Number(state['amount']) > 1000, review)
   */
  readonly when: RouteRuleMethod<TFlow, StatePredicate>
  /** Runs `target` when no rule holds (replaces). @example Route('intent').eq('billing', billing).otherwise(general) */
  otherwise<$Step extends StepInput>(
    target: Checked<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>,
  ): RouteBuilder<Alternative<Typed<TFlow>, StepFlow<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>>>
  /** Sets the description (replaces). */
  describe(text: string): RouteBuilder<TFlow>
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): RouteBuilder<TFlow>
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): RouteBuilder<TFlow>
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends). Declared
   * on any builder of a tree, they hold for the whole tree; once any are declared, a key that nothing writes and that
   * is not declared is an error instead of a warning (in the types too: a read of such a key does not compile).
   * @example Route('intent').eq('billing', billing).initialState('intent')
   */
  initialState<const $Key extends string = never>(
    this: InitialReceiver<$Key, InitialError<Typed<TFlow>, $Key>>,
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): RouteBuilder<WithInitial<Typed<TFlow>, $Key>>
}

/**
 * A rule of a route: `value` (what `state[key]` is compared with, or the predicate of `.when()`) and `target`, a step
 * checked as a branch: it sees the state before the route, not another target's writes.
 */
export interface RouteRuleMethod<TFlow extends StateFlow, Value> {
  <$Step extends StepInput>(
    value: Value,
    target: Checked<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>,
  ): RouteBuilder<Alternative<Typed<TFlow>, StepFlow<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>>>
}

/** @internal */
export class RouteBuilderImpl extends FlowBuilderBase implements RouteBuilder {
  readonly #props: BuilderProps<RouteNode>

  constructor(props: BuilderProps<RouteNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): RouteNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<RouteNode, 'kind'>>): RouteBuilder {
    return new RouteBuilderImpl({ node: RouteNode.cloneWith(this.#props.node, patch), kit: this.#props.kit })
  }

  #rule(rule: RouteRule): RouteBuilder {
    return this.#with({ rules: Object.freeze([...this.node.rules, Object.freeze(rule)]) })
  }

  #compare(operator: RouteOperator, value: unknown, target: unknown): RouteBuilder {
    return this.#rule({ operator, value, target: parseStep(target, this.callPath(operator)) })
  }

  eq(value: unknown, target: unknown): RouteBuilder {
    return this.#compare('eq', value, target)
  }

  ne(value: unknown, target: unknown): RouteBuilder {
    return this.#compare('ne', value, target)
  }

  gt(value: number | string, target: unknown): RouteBuilder {
    return this.#compare('gt', value, target)
  }

  gte(value: number | string, target: unknown): RouteBuilder {
    return this.#compare('gte', value, target)
  }

  lt(value: number | string, target: unknown): RouteBuilder {
    return this.#compare('lt', value, target)
  }

  lte(value: number | string, target: unknown): RouteBuilder {
    return this.#compare('lte', value, target)
  }

  contains(value: unknown, target: unknown): RouteBuilder {
    return this.#compare('contains', value, target)
  }

  when(predicate: StatePredicate, target: unknown): RouteBuilder {
    const path = this.callPath('when')
    return this.#rule({
      operator: 'when',
      predicate: parseFunction<StatePredicate>(predicate, path, 'a predicate (state) => boolean'),
      target: parseStep(target, path),
    })
  }

  otherwise(target: unknown): RouteBuilder {
    return this.#with({ otherwise: parseStep(target, this.callPath('otherwise')) })
  }

  describe(text: string): RouteBuilder {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): RouteBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): RouteBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'afterAgent', callback, this.callPath('afterAgent')))
  }
}
