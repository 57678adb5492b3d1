import {
  Edge,
  FunctionNode,
  JoinNode,
  START,
  Workflow,
  type BaseAgent,
  type BaseNode,
  type FunctionNodeHandler,
  type WorkflowConfig,
} from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { GRAPH_START } from '../ir/graph-edge.js'
import type { GraphNode } from '../ir/graph-node.js'
import { graphTopology } from '../ir/graph-topology.js'
import { workflowConfig } from './workflow-config.js'
import { lowerAgent } from './lower-agent.js'
import { builderChildren, graphNodeContext } from './graph-node-context.js'
import type { LowerFunction } from './lower-function.js'

/**
 * A member of a graph as a core node: a function → `FunctionNode`, a join → `JoinNode`, a `ParallelWorker` as itself,
 * a builder → its agent.
 */
function lowerMember(
  member: FlowNode,
  routes: boolean,
  lower: LowerFunction,
  build: (node: FlowNode) => BaseAgent,
): BaseNode {
  switch (member.kind) {
    case 'graph-function': {
      const { fn } = member
      const handler: FunctionNodeHandler = (ctx, input) => fn(graphNodeContext(ctx, build), input) as never
      return new FunctionNode(member.name, handler)
    }
    case 'graph-join':
      return new JoinNode({ name: member.name })
    case 'graph-parallel-worker':
      return member.worker
    case 'agent':
      return lowerAgent(member, member.name, lower, routes)
    default:
      return lower(member, member.name)
  }
}

/**
 * Lowers a `Graph` (validated beforehand) to a core `Workflow`: each member once, as a fresh node; each edge as a core
 * `Edge` (its routes as one value or a list). An agent with routed edges out gets its answer as its route; a function
 * may run builders with `ctx.runNode()` (each built once per lowering).
 */
export function lowerGraph(node: GraphNode, name: string, lower: LowerFunction): Workflow {
  const topology = graphTopology(node)
  const built = new Map<string, BaseNode>()
  const build = builderChildren(lower)
  for (const [memberName, member] of topology.members) {
    const routes = (topology.outgoing.get(memberName) ?? []).some((edge) => edge.routes !== undefined)
    built.set(memberName, lowerMember(member, routes, lower, build))
  }
  const nodeOf = (ref: string) => (ref === GRAPH_START ? START : (built.get(ref) as BaseNode))
  const edges = node.edges.map(
    (edge) =>
      new Edge(
        nodeOf(edge.from),
        nodeOf(edge.to),
        edge.routes === undefined ? null : edge.routes.length === 1 ? (edge.routes[0] ?? null) : [...edge.routes],
      ),
  )
  // The fields every workflow agent shares (description, composed callbacks, middleware); a graph has edges, not sub-agents.
  const { subAgents: _subAgents, ...common } = workflowConfig(node, name, [])
  const config: WorkflowConfig = { ...common, edges }
  if (node.maxConcurrency !== undefined) config.maxConcurrency = node.maxConcurrency
  if (node.maxSteps !== undefined) config.maxSteps = node.maxSteps
  return new Workflow(config)
}
