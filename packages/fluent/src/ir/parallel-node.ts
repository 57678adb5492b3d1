import type { FlowNode } from './flow-node.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/** A `FanOut`: branches run concurrently, each on its own history branch (lowers to a core `ParallelAgent`). */
export interface ParallelNode extends WorkflowFields {
  readonly kind: 'parallel'
  readonly branches: readonly FlowNode[]
}

/** @internal */
export const ParallelNode = Object.freeze({
  create(name: string, branches: readonly FlowNode[], hasGeneratedName = false): ParallelNode {
    return Object.freeze({
      kind: 'parallel',
      ...createWorkflowFields(name, hasGeneratedName),
      branches: Object.freeze([...branches]),
    })
  },
  cloneWith(node: ParallelNode, patch: Partial<Omit<ParallelNode, 'kind'>>): ParallelNode {
    return Object.freeze({ ...node, ...patch })
  },
})
