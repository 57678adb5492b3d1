import type { SchemaLike } from '@adk-fluent/core'
import type { FlowNode } from './flow-node.js'
import type { GraphEdge } from './graph-edge.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/**
 * A `Graph`: nodes joined by edges (ADK 2.0's graph workflow; lowers to a core `Workflow`). `nodes` are its members
 * in the order they were first given, each once (builders' nodes, graph functions and joins); `edges` name them.
 */
export interface GraphNode extends WorkflowFields {
  readonly kind: 'graph'
  readonly nodes: readonly FlowNode[]
  readonly edges: readonly GraphEdge[]
  /** `.maxConcurrency(n)`: the most nodes running at once. */
  readonly maxConcurrency: number | undefined
  /** `.maxSteps(n)`: the most node runs in one run of the graph (the bound of its cycles). */
  readonly maxSteps: number | undefined
  /** `.stateSchema(schema)`: the state keys its nodes may write and their types (ADK 2.0 `stateSchema`). */
  readonly stateSchema?: SchemaLike | undefined
}

/** @internal */
export const GraphNode = Object.freeze({
  create(name: string): GraphNode {
    return Object.freeze({
      kind: 'graph',
      ...createWorkflowFields(name, false),
      nodes: Object.freeze([]),
      edges: Object.freeze([]),
      maxConcurrency: undefined,
      maxSteps: undefined,
    })
  },
  cloneWith(node: GraphNode, patch: Partial<Omit<GraphNode, 'kind'>>): GraphNode {
    return Object.freeze({ ...node, ...patch })
  },
  /**
   * `node` with `members` added (those already there, by identity, are skipped) and `edges` appended. A member with
   * the name of another stays: `build()` reports the clash.
   */
  withEdges(node: GraphNode, members: readonly FlowNode[], edges: readonly GraphEdge[]): GraphNode {
    const added = members.filter((member, index) => !node.nodes.includes(member) && members.indexOf(member) === index)
    return Object.freeze({
      ...node,
      nodes: added.length === 0 ? node.nodes : Object.freeze([...node.nodes, ...added]),
      edges: Object.freeze([...node.edges, ...edges]),
    })
  },
})
