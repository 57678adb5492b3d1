import type { FlowNode } from './flow-node.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/** A `Fallback`: tries each attempt in turn until one finishes without an error. */
export interface FallbackNode extends WorkflowFields {
  readonly kind: 'fallback'
  readonly attempts: readonly FlowNode[]
}

/** @internal */
export const FallbackNode = Object.freeze({
  create(name: string, attempts: readonly FlowNode[], hasGeneratedName = false): FallbackNode {
    return Object.freeze({
      kind: 'fallback',
      ...createWorkflowFields(name, hasGeneratedName),
      attempts: Object.freeze([...attempts]),
    })
  },
  cloneWith(node: FallbackNode, patch: Partial<Omit<FallbackNode, 'kind'>>): FallbackNode {
    return Object.freeze({ ...node, ...patch })
  },
})
