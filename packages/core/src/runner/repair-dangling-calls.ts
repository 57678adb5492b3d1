import type { Content } from '../models/genai-types.js'
import { createEvent, getFunctionCalls, getFunctionResponses, type Event } from '../events/event.js'

/** The `error` a synthetic response carries. */
export const INTERRUPTED_CALL_ERROR =
  'This function call was interrupted: the run that made it ended (crashed or was killed) before the function answered. It was not retried.'

/**
 * After a crash, the last invocation may have stored function calls without responses; a model request with such a
 * call is invalid. Returns one event that answers each of them with `{ error }` (authored by the agent that called,
 * in its invocation and branch), or `undefined`. Calls that are meant to stay open are skipped: long-running
 * calls, calls waiting for a confirmation or credentials, calls the new message answers, and every call of an
 * invocation that paused on a runtime request (confirmation, credentials, input).
 */
export function repairDanglingCalls(
  events: readonly Event[],
  newMessage: Content,
  reserved: ReadonlySet<string>,
): Event | undefined {
  const last = events.at(-1)
  if (!last || !callsIn(events, last.invocationId)) return undefined
  const invocationId = last.invocationId
  const answered = new Set<string>()
  for (const part of newMessage.parts ?? []) if (part.functionResponse?.id) answered.add(part.functionResponse.id)
  const open = new Map<string, { event: Event; name: string }>()
  const waiting = new Set<string>()
  let paused = false
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index] as Event
    if (event.invocationId !== invocationId) break
    for (const response of getFunctionResponses(event)) if (response.id) answered.add(response.id)
    for (const id of Object.keys(event.actions.requestedToolConfirmations)) waiting.add(id)
    for (const id of Object.keys(event.actions.requestedAuthConfigs)) waiting.add(id)
    for (const call of getFunctionCalls(event)) {
      if (!call.id || !call.name) continue
      // A runtime request (confirmation, credentials, input): the run paused for the user, it did not crash, and the
      // call it holds waits for the answer.
      if (reserved.has(call.name)) {
        paused = true
        const original = call.args?.['originalFunctionCall'] as { id?: unknown } | undefined
        if (typeof original?.id === 'string') waiting.add(original.id)
      } else if (!answered.has(call.id) && !event.longRunningToolIds?.includes(call.id)) {
        open.set(call.id, { event, name: call.name })
      }
    }
  }
  for (const id of waiting) open.delete(id)
  if (paused || open.size === 0) return undefined
  const first = [...open.values()][0] as { event: Event }
  const repair = createEvent({
    invocationId,
    author: first.event.author,
    content: {
      role: 'user',
      parts: [...open]
        .reverse()
        .map(([id, { name }]) => ({ functionResponse: { id, name, response: { error: INTERRUPTED_CALL_ERROR } } })),
    },
  })
  if (first.event.branch !== undefined) repair.branch = first.event.branch
  return repair
}

/** True when an event of the last invocation (the tail with `invocationId`) holds a function call. */
function callsIn(events: readonly Event[], invocationId: string): boolean {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index] as Event
    if (event.invocationId !== invocationId) return false
    for (const part of event.content?.parts ?? []) if (part.functionCall) return true
  }
  return false
}
