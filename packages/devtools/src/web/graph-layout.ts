import type { GraphEdge, GraphModel } from './graph-model.js'
import { GRID, placeBoxes, type Box, type PlacedGroup, type PlacedNode } from './graph-placement.js'
import { routeEdges } from './graph-routes.js'
import { textWidth } from './graph-text.js'

export type { Box, PlacedGroup, PlacedNode } from './graph-placement.js'

/** An edge routed around boxes and labels. */
export interface PlacedEdge extends GraphEdge {
  /** SVG path data from its source to its target (where its arrow is). */
  readonly path: string
  /**
   * Where its label is written (the text's box); `null` without a label, and for every edge of a writer's state key
   * but the first (one label names the key where it leaves the writer).
   */
  readonly labelBox: Box | null
}

/** The graph with every node and group placed and every edge routed. */
export interface GraphLayout {
  readonly width: number
  readonly height: number
  readonly nodes: readonly PlacedNode[]
  readonly groups: readonly PlacedGroup[]
  readonly edges: readonly PlacedEdge[]
}

/**
 * Lays the graph out: boxes placed by {@link placeBoxes}, then every edge routed around boxes and labels (see
 * {@link routeEdges}). Works for any graph of frames, nodes and edges, cycles included; what it draws for a pipeline
 * is one case of it.
 */
export function layoutGraph(model: GraphModel): GraphLayout {
  // Room on the left for the edges that go back up (a loop's repeat edge) and their labels.
  const backLabels = model.edges
    .filter((edge) => edge.kind === 'repeat')
    .map((edge) => textWidth(edge.label ?? '', 'control'))
  const placement = placeBoxes(model, GRID * 4 + Math.max(0, ...backLabels))
  const { edges, width, height } = routeEdges(model, placement)
  return { width, height, nodes: placement.nodes, groups: placement.groups, edges }
}
