import type { FlowBuilder } from '@adk-fluent/fluent'
import { layoutGraph, type GraphLayout } from './graph-layout.js'
import { parseMermaid } from './graph-model.js'

type CheckIssue = ReturnType<FlowBuilder['check']>[number]

/** A contract issue with the ids of the graph nodes it concerns. */
export type GraphIssue = CheckIssue & { readonly nodes: readonly string[] }

/** What the Graph tab draws: the placed topology, the mermaid text it comes from, and the contract issues. */
export interface GraphView extends GraphLayout {
  readonly mermaid: string
  readonly issues: readonly GraphIssue[]
}

/**
 * The graph of a builder: `.toMermaid()`'s topology and data-flow edges (read back from its text, so both views
 * always agree), placed for drawing, with `.check()`'s issues attached to the nodes of the agents they name.
 */
export function graphView(builder: FlowBuilder<unknown>): GraphView {
  const mermaid = builder.toMermaid()
  const layout = layoutGraph(parseMermaid(mermaid))
  const issues = builder.check().map((issue) => ({
    ...issue,
    nodes: [...layout.nodes, ...layout.groups].filter((node) => node.name === issue.agent).map((node) => node.id),
  }))
  return { ...layout, mermaid, issues }
}
