import type { FlowBuilder } from '@adk-fluent/fluent'
import { graphVisits } from '@adk-fluent/fluent/internal'
import { issueNodes, type BuildIssue, type BuildProblem } from './build-report.js'
import { layoutGraph, type GraphLayout } from './graph-layout.js'
import { parseMermaid } from './graph-model.js'

type CheckIssue = ReturnType<FlowBuilder['check']>[number]

/** A contract issue with the ids of the graph nodes it concerns. */
export type GraphIssue = CheckIssue & { readonly nodes: readonly string[] }

/**
 * What the Graph tab draws: the placed topology, the mermaid text it comes from, the contract issues, and — for a
 * tree that does not build — why, with every build issue placed on its boxes.
 */
export interface GraphView extends GraphLayout {
  readonly mermaid: string
  readonly issues: readonly GraphIssue[]
  /** Why there is no tree to run (`null` when it builds): every problem, as `build()` words it; or why none. */
  readonly buildError: string | null
  /** The problems that keep the tree from building, each with the boxes it concerns (`[]` when it builds). */
  readonly buildIssues: readonly BuildIssue[]
  /** Why nothing could be drawn (no builder, or the builder's graph failed); `null` when the graph is drawn. */
  readonly graphError: string | null
}

const nothing: GraphLayout & { mermaid: string; issues: GraphIssue[] } = {
  width: 0,
  height: 0,
  nodes: [],
  groups: [],
  edges: [],
  mermaid: '',
  issues: [],
}

/**
 * The graph of a builder: `.toMermaid()`'s topology and data-flow edges (read back from its text, so both views
 * always agree), placed for drawing, with `.check()`'s issues and the build `problem`'s attached to the boxes they
 * concern (by their paths in the tree). Works from the builder alone, so a tree that does not build is still drawn;
 * without a builder, or when the graph cannot be made, it is empty and `graphError` says why.
 */
export function graphView(builder: FlowBuilder<unknown> | undefined, problem?: BuildProblem): GraphView {
  const build = { buildError: problem?.message ?? null, buildIssues: problem?.issues ?? [] }
  if (!builder) return { ...nothing, ...build, graphError: problem?.message ?? 'There is no builder to draw.' }
  try {
    const mermaid = builder.toMermaid()
    const layout = layoutGraph(parseMermaid(mermaid))
    const visits = graphVisits(builder.node)
    const issues = builder.check().map((issue) => ({ ...issue, nodes: issueNodes(issue, visits) }))
    return { ...layout, mermaid, issues, ...build, graphError: null }
  } catch (error) {
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { ...nothing, ...build, graphError: `The graph of this builder could not be made: ${why}` }
  }
}
