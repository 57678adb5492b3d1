import type { Content, FunctionCall, FunctionResponse } from '../models/genai-types.js'
import type { LlmResponse } from '../models/llm-response.js'
import { createEventActions, type EventActions } from './event-actions.js'
import { newEventId } from '../util/ids.js'

/** An event of a session: a model response (or user message, tool result, state change) plus bookkeeping. */
export interface Event extends LlmResponse {
  id: string
  invocationId: string
  /** `'user'` or the name of the agent that produced it. */
  author: string
  /** Dot-path of parallel branches (`par.a`); `undefined` at top level. */
  branch?: string
  /** Milliseconds since the epoch. */
  timestamp: number
  actions: EventActions
  /** Ids of long-running function calls in this event. */
  longRunningToolIds?: string[]
  /** Workflow: the structured output of the node that emitted the event (ADK 2.0 `Event.output`). */
  output?: unknown
  /** Workflow: the route(s) a node emitted; they pick the node's outgoing edges (ADK 2.0 `Event.route`). */
  route?: Route
  /** Workflow: which node emitted the event (ADK 2.0 `Event.nodeInfo`); present only on events of workflow nodes. */
  nodeInfo?: NodeInfo
  /** Workflow: scope tag isolating a node's conversation from its peers' (ADK 2.0 `Event.isolationScope`). */
  isolationScope?: string
}

/** One route key a node emits (matched against edge routes by string value). */
export type RouteKey = string | number | boolean

/** The route(s) a node emits: one key fires one branch, an array fires every matching branch. */
export type Route = RouteKey | RouteKey[]

/** Where a workflow event came from (ADK 2.0 `NodeInfo`). */
export interface NodeInfo {
  /** The node path that produced the event (`wf.child`, `wf.child@2` for a dynamic run). */
  path?: string
  /** The node paths this event's output is the output of: the emitting node first, then ancestors it stands in for. */
  outputFor?: string[]
  /** The event's text is the node's output (an agent's final answer). */
  messageAsOutput?: boolean
  /** adk-fluent: the id of the node run that emitted the event (`'2'` for a node's second run in a loop). */
  runId?: string
  /** adk-fluent: the node finished without an output event; recorded so a resumed run does not run it again. */
  completed?: boolean
  /** adk-fluent: with `completed`, an output the node set without emitting it. */
  completedOutput?: unknown
}

/** Fields accepted by {@link createEvent}; everything is optional. */
export type EventInit = Partial<Omit<Event, 'actions'>> & { actions?: Partial<EventActions> }

/** Creates an event, filling `id`, `timestamp`, `invocationId` (`''`), `author` (`''`) and empty actions. */
export function createEvent(init: EventInit = {}): Event {
  // Same fields and key order as `{ ...rest, id, invocationId, author, timestamp, actions }`, but built by assignment:
  // V8 gives an object made by spread a map outside the transition tree, so freezing it (appendEvent does) would
  // allocate a new map per event (~230 bytes each, and slower).
  const event = {} as Record<PropertyKey, unknown>
  for (const key of Object.keys(init)) if (key !== 'actions') event[key] = init[key as keyof EventInit]
  for (const symbol of Object.getOwnPropertySymbols(init)) {
    if (Object.prototype.propertyIsEnumerable.call(init, symbol))
      event[symbol] = (init as Record<symbol, unknown>)[symbol]
  }
  event['id'] = init.id || newEventId()
  event['invocationId'] = init.invocationId ?? ''
  event['author'] = init.author ?? ''
  event['timestamp'] = init.timestamp ?? Date.now()
  event['actions'] = createEventActions(init.actions)
  return event as unknown as Event
}

/** Every function-call part of the event, in order. */
export function getFunctionCalls(event: { content?: Content | undefined }): FunctionCall[] {
  const parts = event.content?.parts
  if (!parts) return []
  const calls: FunctionCall[] = []
  for (const part of parts) if (part.functionCall) calls.push(part.functionCall)
  return calls
}

/** Every function-response part of the event, in order. */
export function getFunctionResponses(event: { content?: Content | undefined }): FunctionResponse[] {
  const parts = event.content?.parts
  if (!parts) return []
  const responses: FunctionResponse[] = []
  for (const part of parts) if (part.functionResponse) responses.push(part.functionResponse)
  return responses
}

/** True when the event's last part is a code-execution result. */
export function hasTrailingCodeExecutionResult(event: { content?: Content | undefined }): boolean {
  const parts = event.content?.parts
  if (!parts || parts.length === 0) return false
  return parts[parts.length - 1]?.codeExecutionResult !== undefined
}

/**
 * ADK's finality rule: skip-summarization, long-running calls or requested auth make an event final; otherwise it
 * is final when it has no function calls or responses, is not partial and does not end in a code result.
 */
export function isFinalResponse(event: Event): boolean {
  if (event.actions.skipSummarization) return true
  if (event.longRunningToolIds && event.longRunningToolIds.length > 0) return true
  for (const _ in event.actions.requestedAuthConfigs) return true
  const parts = event.content?.parts
  if (parts) {
    for (const part of parts) if (part.functionCall || part.functionResponse) return false
  }
  if (event.partial) return false
  return !hasTrailingCodeExecutionResult(event)
}

/**
 * True for an error event: a complete event with an `errorCode` (a failed model call, a usage limit, a model that kept
 * calling tools with invalid arguments, …). The agent that yields one has failed: a `SequentialAgent` or `LoopAgent`
 * runs nothing after it and a `ParallelAgent` stops its other branches, so the invocation ends on it.
 */
export function isErrorEvent(event: Event): boolean {
  return event.errorCode !== undefined && !event.partial
}

/** The event's visible text: non-thought text parts joined with `''`. */
export function stringifyContent(event: { content?: Content | undefined }): string {
  const parts = event.content?.parts
  if (!parts) return ''
  let text = ''
  for (const part of parts) if (typeof part.text === 'string' && !part.thought) text += part.text
  return text
}

/** True when the value looks like an {@link Event}. */
export function isEvent(value: unknown): value is Event {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Event>
  return (
    typeof candidate.id === 'string' && typeof candidate.author === 'string' && typeof candidate.actions === 'object'
  )
}
