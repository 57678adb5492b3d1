import { formatRoutes } from '../ir/graph-edge.js'
import type { GraphNode } from '../ir/graph-node.js'
import { graphTopology } from '../ir/graph-topology.js'

/** A graph's edges as the views write them: `a --> b`, `a --[route]--> b`, `(back)` after an edge to an earlier node. */
export function graphEdgeLines(graph: GraphNode): string[] {
  const { backEdges } = graphTopology(graph)
  return graph.edges.map((edge) => {
    const routes = formatRoutes(edge)
    return `${edge.from} ${routes ? `--[${routes}]-->` : '-->'} ${edge.to}${backEdges.has(edge) ? '  (back)' : ''}`
  })
}
