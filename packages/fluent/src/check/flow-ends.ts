import type { FlowNode } from '../ir/flow-node.js'
import { GRAPH_START } from '../ir/graph-edge.js'
import type { GraphNode } from '../ir/graph-node.js'
import { graphTopology } from '../ir/graph-topology.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import type { NodeVisit } from './node-visit.js'

type Find = (visit: NodeVisit) => NodeVisit[]
type Ends = (node: FlowNode, visit: NodeVisit, children: readonly NodeVisit[], ends: Find) => NodeVisit[]
type EndsVisitor = NodeVisitor<NodeVisit[], [NodeVisit, readonly NodeVisit[], Find]>

const own: Ends = (_node, visit) => [visit]
const none: Ends = () => []
const all: Ends = (_node, _visit, children, ends) => children.flatMap(ends)
const first: Ends = (_node, _visit, children, ends) => children.map(ends).find((found) => found.length > 0) ?? []
const last: Ends = (_node, _visit, children, ends) =>
  [...children]
    .reverse()
    .map(ends)
    .find((found) => found.length > 0) ?? []

/** A graph's entries are the nodes `START` leads to; its exits, the nodes with no edge out. */
function graphEnds(side: 'entries' | 'exits') {
  return (node: GraphNode, _visit: NodeVisit, children: readonly NodeVisit[], ends: Find): NodeVisit[] => {
    const topology = graphTopology(node)
    const names = new Set(
      side === 'entries' ? (topology.outgoing.get(GRAPH_START) ?? []).map((edge) => edge.to) : topology.terminals,
    )
    return children.filter((child) => names.has(child.node.name)).flatMap(ends)
  }
}

function table(sequence: Ends, graph: ReturnType<typeof graphEnds>): EndsVisitor {
  return {
    agent: own,
    sequence,
    parallel: all,
    loop: sequence,
    fallback: all,
    route: all,
    'function-step': none,
    'transform-step': none,
    'artifact-step': none,
    tap: none,
    expect: none,
    gate: none,
    race: all,
    timeout: all,
    'map-over': none,
    // A remote agent's answer joins the conversation, but it has no context settings for the checks to read.
    'remote-agent': none,
    graph,
    'graph-function': none,
    'graph-join': none,
    'graph-parallel-worker': none,
  }
}

const entryTable = table(first, graphEnds('entries'))
const exitTable = table(last, graphEnds('exits'))

/** How a node runs its children: one after another (`wraps`: and again from the first), or not in order. */
export interface StepOrder {
  readonly ordered: boolean
  readonly wraps: boolean
}

const unordered = (): StepOrder => ({ ordered: false, wraps: false })
const stepOrder: NodeVisitor<StepOrder> = {
  agent: unordered,
  sequence: () => ({ ordered: true, wraps: false }),
  parallel: unordered,
  loop: () => ({ ordered: true, wraps: true }),
  fallback: unordered,
  route: unordered,
  'function-step': unordered,
  'transform-step': unordered,
  'artifact-step': unordered,
  tap: unordered,
  expect: unordered,
  gate: unordered,
  race: unordered,
  timeout: unordered,
  'map-over': unordered,
  'remote-agent': unordered,
  graph: unordered,
  'graph-function': unordered,
  'graph-join': unordered,
  'graph-parallel-worker': unordered,
}

/** Finds the LLM agents at the start or the end of a step, whose answers pass through the conversation. */
export function createFlowEnds(visits: readonly NodeVisit[]) {
  const children = new Map<NodeVisit, NodeVisit[]>()
  for (const visit of visits) {
    if (!visit.parent) continue
    const list = children.get(visit.parent)
    if (list) list.push(visit)
    else children.set(visit.parent, [visit])
  }
  const childrenOf = (visit: NodeVisit): NodeVisit[] => children.get(visit) ?? []
  const ends = (visitor: EndsVisitor) => {
    const find: Find = (visit) => visitNode(visitor, visit.node, visit, childrenOf(visit), find)
    return find
  }
  const order = (visit: NodeVisit): StepOrder => visitNode(stepOrder, visit.node)
  return { entries: ends(entryTable), exits: ends(exitTable), childrenOf, order }
}
