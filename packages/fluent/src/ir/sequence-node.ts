import type { FlowNode } from './flow-node.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/** A `Pipeline`: steps run one after another (lowers to a core `SequentialAgent`). */
export interface SequenceNode extends WorkflowFields {
  readonly kind: 'sequence'
  readonly steps: readonly FlowNode[]
}

/** @internal */
export const SequenceNode = Object.freeze({
  create(name: string, steps: readonly FlowNode[], hasGeneratedName = false): SequenceNode {
    return Object.freeze({ kind: 'sequence', ...createWorkflowFields(name, hasGeneratedName), steps: Object.freeze([...steps]) })
  },
  cloneWith(node: SequenceNode, patch: Partial<Omit<SequenceNode, 'kind'>>): SequenceNode {
    return Object.freeze({ ...node, ...patch })
  },
})
