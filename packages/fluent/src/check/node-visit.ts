import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'

/** A position in a tree: node names and the segments between them (`['flow', 'steps', 1, 'critic']`). */
export type TreePath = readonly (string | number)[]

/** One visit of a node during analysis (a node used at two places is visited twice). */
export interface NodeVisit {
  readonly node: FlowNode
  readonly path: TreePath
  /** `path` joined with dots: unique per visit, and a prefix of every descendant's id. */
  readonly id: string
  /** Visit order: a node that runs before another has a smaller order (within one pass of a loop). */
  readonly order: number
  readonly parent: NodeVisit | undefined
  /**
   * Nothing runs after it in its unit — the whole flow, a `mapOver` body, an agent tool — so its answer is that unit's
   * output (its writes are not reported as unread).
   */
  readonly terminal: boolean
  /** The enclosing loops, outermost first. */
  readonly loops: readonly NodeVisit[]
  /** The LLM agent this node is a transfer target (sub-agent) of. */
  readonly llmParent: AgentNode | undefined
}

/**
 * True for a node of a `Graph`: an agent there gets the output of the node before it as its user turn and, unless its
 * context is set, reads only that turn onwards (ADK 2.0's agent nodes).
 */
export function isGraphMember(visit: NodeVisit): boolean {
  return visit.parent?.node.kind === 'graph'
}

/** True when `visit` lies inside `ancestor`'s subtree (or is it). */
export function isWithin(visit: NodeVisit, ancestor: NodeVisit): boolean {
  return visit.id === ancestor.id || visit.id.startsWith(`${ancestor.id}.`)
}

/** The path of a visit as written in messages: `flow.steps.1.critic`. */
export function formatPath(path: TreePath): string {
  return path.map(String).join('.')
}
