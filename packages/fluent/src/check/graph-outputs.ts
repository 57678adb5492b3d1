import type { GraphNode } from '../ir/graph-node.js'
import type { GraphTopology } from '../ir/graph-topology.js'
import type { GraphFinding } from './graph-finding.js'
import { exclusive, guardsOf } from './graph-joins.js'

/** True for a member whose run always gives an output: an agent (its answer) or a join (its branches' outputs). */
function alwaysOutputs(topology: GraphTopology, name: string): boolean {
  const kind = topology.members.get(name)?.kind
  return kind === 'agent' || kind === 'graph-join'
}

/**
 * Terminal nodes (no edge out) that can run in one run: the workflow's output is its one terminal output, so two that
 * both give one fail the run. An error when both always give an output (agents, joins); a warning when another node
 * (a function, a transform, a workflow) may give none. Terminals on different route choices of one node (`exclusive`) never both run.
 */
export function outputFindings(graph: GraphNode, topology: GraphTopology): GraphFinding[] {
  const terminals = topology.terminals.filter((name) => topology.reachable.has(name))
  if (terminals.length < 2) return []
  const guards = guardsOf(graph, topology)
  const together = (left: string, right: string) =>
    !(guards.get(left) ?? []).some((leftGuard) =>
      (guards.get(right) ?? []).some((rightGuard) => exclusive(topology, leftGuard, rightGuard) === 'never'),
    )
  for (const [index, left] of terminals.entries()) {
    const right = terminals.slice(index + 1).find((candidate) => together(left, candidate))
    if (right === undefined) continue
    const sure = alwaysOutputs(topology, left) && alwaysOutputs(topology, right)
    return [
      {
        code: 'graph_outputs_multiple',
        level: sure ? 'error' : 'warning',
        at: ['nodes', right],
        node: right,
        message: `"${left}" and "${right}" of graph "${graph.name}" both end the graph (no edge leaves them) and can run in one run${sure ? '' : ' (unless one of them gives no output, as a function returning nothing)'}: a graph has one output, so a run where both give one fails.`,
        hint: `Join them into one node: .join('${left}_and_${right}', ${left}, ${right}), or add an edge from one to a node that ends the graph.`,
      },
    ]
  }
  return []
}
