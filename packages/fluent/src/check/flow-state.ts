import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import type { KeySource, ReadRecord } from './flow-analysis.js'
import type { NodeVisit } from './node-visit.js'

/**
 * The keys available at a point of the walk. A state is owned by whoever walks it next and is updated in place along
 * a sequence (so a long pipeline costs linear time); it is copied only where several paths start from one point.
 */
export interface FlowState {
  readonly available: Map<string, KeySource>
  opaque: NodeVisit | undefined
}

/** Where the walk is: what a visit is made from. */
export interface Scope {
  /** The path segments from the parent to the node (`['steps', 1]`); the visit's path and id are made from them. */
  readonly segments: readonly (string | number)[]
  readonly parent: NodeVisit | undefined
  readonly terminal: boolean
  readonly loops: readonly NodeVisit[]
  readonly llmParent: AgentNode | undefined
  readonly branches: ReadRecord['branches']
}

/** Walks a node from a state (which it then owns) and returns the state after it. */
export type Walk = (node: FlowNode, state: FlowState, scope: Scope) => FlowState

export function copyState(state: FlowState): FlowState {
  return { available: new Map(state.available), opaque: state.opaque }
}

/** Adds what the paths that started from `into` wrote (updates `into`, which the caller owns). */
export function merge(into: FlowState, afters: readonly FlowState[]): FlowState {
  for (const after of afters) {
    if (after === into) continue
    for (const [key, source] of after.available) into.available.set(key, source)
    into.opaque = after.opaque ?? into.opaque
  }
  return into
}

export function childScope(
  scope: Scope,
  self: NodeVisit,
  segments: readonly (string | number)[],
  changes: Partial<Scope> = {},
): Scope {
  return { ...scope, segments, parent: self, ...changes }
}
