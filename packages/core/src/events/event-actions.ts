import { nullRecord } from '../util/null-record.js'
import type { ToolConfirmation } from '../tools/tool-confirmation.js'

export type { ToolConfirmation }

/** Side effects an event carries: state and artifact changes, transfer, escalation. */
export interface EventActions {
  /** key → new value; applied to session state when the event is appended (prefix rules apply). */
  stateDelta: Record<string, unknown>
  /** filename → version saved while producing this event. */
  artifactDelta: Record<string, number>
  transferToAgent?: string
  escalate?: boolean
  skipSummarization?: boolean
  requestedAuthConfigs: Record<string, unknown>
  requestedToolConfirmations: Record<string, ToolConfirmation>
  /**
   * A checkpoint of the authoring agent in a resumable run (a `LoopAgent` records `{ timesLooped }` at the start of
   * each iteration); read back when the invocation is resumed.
   */
  agentState?: Record<string, unknown>
  /** The authoring agent finished its run in this invocation (resumable runs): a resume does not run it again. */
  endOfAgent?: boolean
}

/** Empty actions (`stateDelta` is a record that inherits nothing: only own keys are state), with the given fields spread over them. */
export function createEventActions(partial: Partial<EventActions> = {}): EventActions {
  return {
    stateDelta: nullRecord(),
    artifactDelta: {},
    requestedAuthConfigs: {},
    requestedToolConfirmations: {},
    ...partial,
  }
}

/**
 * Merges the actions of several events (parallel tool calls): dict fields key-wise (later wins per key),
 * scalar fields take the last defined value.
 */
export function mergeEventActions(list: readonly EventActions[]): EventActions {
  const merged = createEventActions()
  for (const actions of list) {
    for (const key of Object.keys(actions.stateDelta)) merged.stateDelta[key] = actions.stateDelta[key]
    Object.assign(merged.artifactDelta, actions.artifactDelta)
    Object.assign(merged.requestedAuthConfigs, actions.requestedAuthConfigs)
    Object.assign(merged.requestedToolConfirmations, actions.requestedToolConfirmations)
    if (actions.transferToAgent !== undefined) merged.transferToAgent = actions.transferToAgent
    if (actions.escalate !== undefined) merged.escalate = actions.escalate
    if (actions.skipSummarization !== undefined) merged.skipSummarization = actions.skipSummarization
    if (actions.agentState !== undefined) merged.agentState = actions.agentState
    if (actions.endOfAgent !== undefined) merged.endOfAgent = actions.endOfAgent
  }
  return merged
}

/** True when the actions carry a state or artifact change worth an event of its own. */
export function hasDelta(actions: EventActions): boolean {
  return Object.keys(actions.stateDelta).length > 0 || Object.keys(actions.artifactDelta).length > 0
}
