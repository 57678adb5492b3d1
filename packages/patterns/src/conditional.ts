import {
  Pipeline,
  Route,
  type FlowBuilder,
  type RouteBuilder,
  type StatePredicate,
  type StepFunction,
  type StepInput,
} from '@adk-fluent/fluent'
import {
  atOption,
  checkOptionsObject,
  checkStateKey,
  describeValue,
  throwConfigIssue,
  isBuilder,
} from './check-options.js'

/** Options of {@link conditional}. */
export interface ConditionalOptions {
  /** The condition: a state key (true when its value is truthy) or a predicate over the state. */
  readonly when: string | StatePredicate
  /** Runs when the condition holds. */
  readonly then: StepInput
  /** Runs when it does not (default: nothing runs). */
  readonly otherwise?: StepInput
  /** For a predicate: where its result is recorded for the route (default `'temp:condition'`, kept for this run only). */
  readonly key?: string
  /** For a predicate: the pipeline's agent name (default `if_<then>`). */
  readonly name?: string
}

const shape = "{ when: 'needs_review', then: Agent('reviewer'), otherwise? }"

/**
 * Runs `then` when the condition holds, else `otherwise` (or nothing). With a state key, a `Route` on it whose rule
 * is "the value is truthy" (`null` and absent count as false). With a predicate, a pipeline: a step that records
 * `Boolean(when(state))` in `state[key]`, then a `Route` on that key — so the decision is visible in state and in
 * the route's data flow.
 * @example const flow = conditional({ when: (state) => Number(state['amount']) > 1000, then: Agent('approver'), otherwise: Agent('auto_approve') })
 */
export function conditional(options: ConditionalOptions): FlowBuilder {
  const checked = checkOptionsObject('conditional', options, shape)
  const { when, then, otherwise } = checked
  if (then === undefined)
    throwConfigIssue(
      'option_missing',
      ['conditional', 'then'],
      'the step to run is missing.',
      "Pass one, for example then: Agent('reviewer').",
    )
  if (typeof when === 'string') {
    const key = checkStateKey(['conditional', 'when'], when, 'needs_review')
    const keyed = atOption(['conditional', 'then'], () => Route(key).when((state) => Boolean(state[key]), then))
    return withOtherwise(keyed, otherwise)
  }
  if (typeof when !== 'function') {
    throwConfigIssue(
      'option_type_invalid',
      ['conditional', 'when'],
      `must be a state key or a predicate (state) => boolean, got ${describeValue(when)}.`,
      `Pass, for example, when: 'needs_review'.`,
    )
  }
  const key = checkStateKey(['conditional', 'key'], checked.key, 'condition', 'temp:condition')
  const decide: StepFunction = async (state) => ({ [key]: Boolean(await when(state)) })
  Object.defineProperty(decide, 'name', { value: 'decide' })
  const decision = withOtherwise(
    atOption(['conditional', 'then'], () => Route(key).eq(true, then)),
    otherwise,
  )
  return Pipeline(checked.name ?? `if_${isBuilder(then) ? then.node.name : 'then'}`)
    .step(decide)
    .step(decision)
}

function withOtherwise(route: RouteBuilder, otherwise: StepInput | undefined): RouteBuilder {
  return otherwise === undefined ? route : atOption(['conditional', 'otherwise'], () => route.otherwise(otherwise))
}
