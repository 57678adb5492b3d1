import type { FlowNode } from '../ir/flow-node.js'
import { analyzeFlow } from '../check/flow-analysis.js'
import type { NodeVisit, TreePath } from '../check/node-visit.js'

/** A box `.toMermaid()` draws: its id there (`n1`, `n2`, …), its place in the builder tree and its node. */
export interface GraphVisit {
  readonly id: string
  /** Node names and the segments between them (`['flow', 'steps', 1, 'critic']`), as issue paths start. */
  readonly path: TreePath
  readonly node: FlowNode
}

/** The mermaid id of each visit of an analysis, in visit order (`n1` for the first). @internal */
export function mermaidIds(visits: readonly NodeVisit[]): Map<NodeVisit, string> {
  return new Map(visits.map((visit, index) => [visit, `n${index + 1}`]))
}

/**
 * Every node and frame of `.toMermaid()` with its mermaid id and tree path, so an issue's `path` can be drawn on the
 * box it concerns (the same analysis numbers both). For `@adk-fluent/devtools` (from `@adk-fluent/fluent/internal`).
 */
export function graphVisits(root: FlowNode): GraphVisit[] {
  const visits = analyzeFlow(root).visits
  const ids = mermaidIds(visits)
  return visits.map((visit) => ({ id: ids.get(visit) as string, path: visit.path, node: visit.node }))
}
