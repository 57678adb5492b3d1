import type { Content } from '../../models/genai-types.js'
import type { Event } from '../../events/event.js'
import { getFunctionCalls, getFunctionResponses } from '../../events/event.js'
import { StateError } from '../../errors/runtime-errors.js'
import { isEventVisible } from './event-filter.js'
import { convertForeignEvent } from './convert-foreign-event.js'
import { mergeFunctionResponseEvents } from './merge-function-response-events.js'
import { stripClientIds } from './strip-client-ids.js'
import { copyContent } from './copy-content.js'
import { pairFunctionResponses } from './pair-function-responses.js'

/**
 * A visible event with the content this agent sees (converted when another agent wrote it), and — for its own
 * content — whether it holds function calls / responses and their ids (read once, in one pass over the parts).
 */
interface VisibleEvent {
  readonly event: Event
  readonly content: Content
  readonly hasCalls: boolean
  readonly hasResponses: boolean
  readonly callIds: readonly string[]
  readonly responseIds: readonly string[]
  /** A function call or response of its own content has no id (see {@link pairFunctionResponses}). */
  readonly idless: boolean
}

const none: readonly string[] = Object.freeze([])

function visibleEvent(event: Event, content: Content): VisibleEvent {
  let hasCalls = false
  let hasResponses = false
  let idless = false
  let calls: string[] | undefined
  let responses: string[] | undefined
  if (content === event.content) {
    for (const part of content.parts ?? []) {
      if (part.functionCall) {
        hasCalls = true
        if (part.functionCall.id) (calls ??= []).push(part.functionCall.id)
        else idless = true
      } else if (part.functionResponse) {
        hasResponses = true
        if (part.functionResponse.id) (responses ??= []).push(part.functionResponse.id)
        else idless = true
      }
    }
  }
  return { event, content, hasCalls, hasResponses, callIds: calls ?? none, responseIds: responses ?? none, idless }
}

const foreignCache = new WeakMap<Event, Content | null>()

function contentFor(event: Event, agentName: string): Content | undefined {
  const content = event.content as Content
  if (!agentName || event.author === agentName || event.author === 'user') return content
  // Events are frozen once appended, so a converted copy can be reused on every later call.
  const cached = foreignCache.get(event)
  if (cached !== undefined) return cached ?? undefined
  const converted = convertForeignEvent(event)
  if (Object.isFrozen(event)) foreignCache.set(event, converted ?? null)
  return converted
}

/**
 * The conversation history an agent sends to its model, built from `events[start..]`: filtered by visibility and
 * branch, other agents' events turned into `For context:` user turns, function responses paired right after their
 * calls (responses without an id paired by name and order, as ADK does), and runtime-generated call ids removed. With `copy` the contents are deep copies, so code that edits the
 * request in place (a before-model callback, a plugin) never changes the events; without it, contents the session
 * already holds are shared (models never modify their request).
 */
export function getContents(
  events: readonly Event[],
  agentName: string,
  branch: string | undefined,
  start = 0,
  copy = true,
): Content[] {
  let visible: VisibleEvent[] = []
  let idless = false
  for (let index = start; index < events.length; index++) {
    const event = events[index] as Event
    if (!isEventVisible(event, branch)) continue
    const content = contentFor(event, agentName)
    if (!content) continue
    const item = visibleEvent(event, content)
    if (item.idless) idless = true
    visible.push(item)
  }
  if (idless) visible = pairFunctionResponses(visible, (_item, event) => visibleEvent(event, event.content as Content))
  const arranged = arrangeAsyncResponses(arrangeLatestResponse(visible))
  return arranged.map((item) => stripClientIds(copy ? copyContent(item.content) : item.content))
}

function callIds(item: VisibleEvent): readonly string[] {
  return item.callIds
}

function responseIds(item: VisibleEvent): readonly string[] {
  return item.responseIds
}

function merged(items: readonly VisibleEvent[]): VisibleEvent {
  const event = mergeFunctionResponseEvents(items.map((item) => item.event))
  return visibleEvent(event, event.content as Content)
}

/** When the latest event answers a call made further back, pair it with that call and drop what came between. */
function arrangeLatestResponse(items: VisibleEvent[]): VisibleEvent[] {
  const last = items[items.length - 1]
  if (!last) return items
  const ids = new Set(responseIds(last))
  if (ids.size === 0) return items
  const previous = items[items.length - 2]
  if (previous && callIds(previous).some((id) => ids.has(id))) return items
  let callIndex = -1
  for (let index = items.length - 2; index >= 0; index--) {
    if (callIds(items[index] as VisibleEvent).some((id) => ids.has(id))) {
      callIndex = index
      break
    }
  }
  if (callIndex < 0) {
    throw new StateError(`No function call event found for function responses ids: ${[...ids].join(', ')}`)
  }
  const allCallIds = new Set(callIds(items[callIndex] as VisibleEvent))
  for (const id of ids) {
    if (!allCallIds.has(id)) {
      throw new StateError(
        `Last response event should only contain the responses for the function calls in the same function call event. Function call ids found: ${[...allCallIds].join(', ')}, function response ids provided: ${[...ids].join(', ')}`,
      )
    }
  }
  const responses: VisibleEvent[] = []
  for (let index = callIndex + 1; index < items.length - 1; index++) {
    const item = items[index] as VisibleEvent
    if (responseIds(item).some((id) => allCallIds.has(id))) responses.push(item)
  }
  responses.push(last)
  return [...items.slice(0, callIndex + 1), merged(responses)]
}

/**
 * Puts every function response right after its call (responses that arrived later are moved up and merged), and
 * leaves out calls that were never answered (a run aborted mid-tool, a long-running call still pending): models reject
 * a call turn that no response follows.
 */
function arrangeAsyncResponses(items: VisibleEvent[]): VisibleEvent[] {
  const responseIndex = new Map<string, number>()
  let hasCalls = false
  items.forEach((item, index) => {
    if (item.hasCalls) hasCalls = true
    if (!item.hasResponses) return
    for (const id of responseIds(item)) responseIndex.set(id, index)
  })
  if (!hasCalls) return items.filter((item) => !item.hasResponses)
  const result: VisibleEvent[] = []
  for (const item of items) {
    if (item.hasResponses) continue
    if (!item.hasCalls) {
      result.push(item)
      continue
    }
    const ids = callIds(item)
    const answered = ids.filter((id) => responseIndex.has(id))
    const kept = answered.length === ids.length ? item : withoutUnansweredCalls(item, new Set(answered))
    if (kept) result.push(kept)
    const indices = [...new Set(answered.map((id) => responseIndex.get(id) as number))].sort((a, b) => a - b)
    if (indices.length === 1) result.push(items[indices[0] as number] as VisibleEvent)
    else if (indices.length > 1) result.push(merged(indices.map((index) => items[index] as VisibleEvent)))
  }
  return result
}

/** The item without its unanswered function calls; `undefined` when nothing else is left. */
function withoutUnansweredCalls(item: VisibleEvent, answered: ReadonlySet<string>): VisibleEvent | undefined {
  const parts = (item.content.parts ?? []).filter(
    (part) => !part.functionCall || answered.has(part.functionCall.id ?? ''),
  )
  if (parts.length === 0) return undefined
  return { ...item, content: { ...item.content, parts }, hasCalls: false, callIds: none }
}

/**
 * Index where the current turn starts: the latest visible event written by the user or by another agent (and, when
 * that slice holds responses to earlier calls, the earliest of those calls; a response without an id answers the
 * latest earlier call of its name, as {@link pairFunctionResponses} pairs it). Scans backwards only as far as needed.
 */
export function currentTurnStart(events: readonly Event[], agentName: string, branch: string | undefined): number {
  let anchor = -1
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index] as Event
    if (event.author === agentName) continue
    if (!isEventVisible(event, branch)) continue
    anchor = index
    break
  }
  if (anchor < 0) return events.length
  const pending = new Set<string>()
  const called = new Set<string>()
  // Names of id-less responses that answer no call of the slice.
  const pendingNames = new Set<string>()
  const calledNames = new Set<string>()
  for (let index = anchor; index < events.length; index++) {
    const event = events[index] as Event
    for (const call of getFunctionCalls(event)) {
      if (call.id) called.add(call.id)
      calledNames.add(call.name ?? '')
    }
    for (const response of getFunctionResponses(event)) {
      if (response.id) {
        if (!called.has(response.id)) pending.add(response.id)
      } else if (!calledNames.has(response.name ?? '')) pendingNames.add(response.name ?? '')
    }
  }
  let start = anchor
  for (let index = anchor - 1; index >= 0 && (pending.size > 0 || pendingNames.size > 0); index--) {
    for (const call of getFunctionCalls(events[index] as Event)) {
      if ((call.id && pending.delete(call.id)) || pendingNames.delete(call.name ?? '')) start = index
    }
  }
  return start
}

function isUserMessage(event: Event): boolean {
  return event.author === 'user' && (event.content?.parts ?? []).some((part) => !part.functionResponse)
}

/**
 * The events an `includeContents: 'isolated'` agent sees: the user's message of the current turn, then, from where
 * ADK's current turn starts ({@link currentTurnStart}), only this agent's own events and the user's (function
 * responses to its long-running calls). Earlier agents' replies and tool calls of the invocation are left out: what
 * an isolated agent knows of them comes from state.
 */
export function isolatedEvents(events: readonly Event[], agentName: string, branch: string | undefined): Event[] {
  const start = currentTurnStart(events, agentName, branch)
  const kept: Event[] = []
  let hasMessage = false
  for (let index = start; index < events.length; index++) {
    const event = events[index] as Event
    if (event.author !== agentName && event.author !== 'user') continue
    if (isUserMessage(event)) hasMessage = true
    kept.push(event)
  }
  if (hasMessage) return kept
  for (let index = start - 1; index >= 0; index--) {
    const event = events[index] as Event
    if (isUserMessage(event) && isEventVisible(event, branch)) return [event, ...kept]
  }
  return kept
}
