import type { FlowNode } from './flow-node.js'
import type { StatePredicate } from './state-function-types.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/**
 * A `Loop`: its steps repeat until `maxIterations` or until `until(state)` holds after an iteration's steps
 * (lowers to a core `LoopAgent`, plus an escalating checkpoint when `until` is set).
 */
export interface LoopNode extends WorkflowFields {
  readonly kind: 'loop'
  readonly steps: readonly FlowNode[]
  readonly maxIterations: number | undefined
  readonly until: StatePredicate | undefined
}

/** @internal */
export const LoopNode = Object.freeze({
  create(
    name: string,
    steps: readonly FlowNode[],
    options: {
      maxIterations?: number | undefined
      until?: StatePredicate | undefined
      hasGeneratedName?: boolean
    } = {},
  ): LoopNode {
    return Object.freeze({
      kind: 'loop',
      ...createWorkflowFields(name, options.hasGeneratedName ?? false),
      steps: Object.freeze([...steps]),
      maxIterations: options.maxIterations,
      until: options.until,
    })
  },
  cloneWith(node: LoopNode, patch: Partial<Omit<LoopNode, 'kind'>>): LoopNode {
    return Object.freeze({ ...node, ...patch })
  },
})
