import { NodeStatus } from './node-status.js'

/** The state of one node run inside a workflow (ADK 2.0 `NodeState`); its output travels on events, not here. */
export interface NodeState {
  status: NodeStatus
  /** The input the node was given. */
  input?: unknown
  /** The attempt in progress (1-based). */
  attemptCount: number
  /** Interrupt ids the node waits on. */
  interrupts: string[]
  /** Answers for those interrupts, by id. */
  resumeInputs: Record<string, unknown>
  /** How many fresh runs the node had. */
  runCounter: number
  /** The id of this run. */
  runId?: string
  /** The run id of the node that scheduled this one with `ctx.runNode`. */
  parentRunId?: string
}

/** A {@link NodeState} with ADK's defaults, overlaid with `partial`. */
export function createNodeState(partial: Partial<NodeState> = {}): NodeState {
  return {
    status: NodeStatus.INACTIVE,
    attemptCount: 1,
    interrupts: [],
    resumeInputs: {},
    runCounter: 0,
    ...partial,
  }
}

/** True for an object shaped like a {@link NodeState}. */
export function isNodeState(value: unknown): value is NodeState {
  if (typeof value !== 'object' || value === null) return false
  const state = value as Partial<NodeState>
  return (
    typeof state.status === 'number' &&
    typeof state.attemptCount === 'number' &&
    Array.isArray(state.interrupts) &&
    typeof state.resumeInputs === 'object' &&
    typeof state.runCounter === 'number'
  )
}
