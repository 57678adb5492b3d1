import type { FlowNode } from './flow-node.js'
import type { StatePredicate } from './state-function-types.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/** The comparison of a `Route` rule against `state[key]`. */
export type RouteOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains'

/** One `Route` rule: a comparison with a value, or `when(pred)` over the whole state. */
export type RouteRule =
  | { readonly operator: RouteOperator; readonly value: unknown; readonly target: FlowNode }
  | { readonly operator: 'when'; readonly predicate: StatePredicate; readonly target: FlowNode }

/** A `Route(key)`: picks the first rule that holds for `state[key]` (else `otherwise`) and runs its target. */
export interface RouteNode extends WorkflowFields {
  readonly kind: 'route'
  readonly key: string
  readonly rules: readonly RouteRule[]
  readonly otherwise: FlowNode | undefined
}

/** @internal */
export const RouteNode = Object.freeze({
  create(name: string, key: string): RouteNode {
    return Object.freeze({
      kind: 'route',
      ...createWorkflowFields(name, true),
      key,
      rules: Object.freeze([]),
      otherwise: undefined,
    })
  },
  cloneWith(node: RouteNode, patch: Partial<Omit<RouteNode, 'kind'>>): RouteNode {
    return Object.freeze({ ...node, ...patch })
  },
})
