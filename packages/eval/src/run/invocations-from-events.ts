import { isFinalResponse, type Event } from '@adk-fluent/core'
import type { Content } from '@adk-fluent/core'
import type { Invocation, InvocationEvent } from '../schema/types.js'

function hasUsefulParts(content: Content | undefined): boolean {
  return (content?.parts ?? []).some(
    (part) => part.functionCall !== undefined || part.functionResponse !== undefined || typeof part.text === 'string',
  )
}

/**
 * Turns a session's events into ADK invocations, the way ADK's eval generator does: events grouped by invocation id
 * in order; the user's event gives `user_content`; an event with content that is a final response gives
 * `final_response` (the last one wins); every other event with a function call, function response or text becomes an
 * invocation event (so the trajectory holds every call of the turn: sub-agents', `transfer_to_agent`, agent tools').
 */
export function invocationsFromEvents(events: readonly Event[]): Invocation[] {
  const groups = new Map<string, Event[]>()
  for (const event of events) {
    if (event.partial) continue
    const group = groups.get(event.invocationId)
    if (group) group.push(event)
    else groups.set(event.invocationId, [event])
  }
  const invocations: Invocation[] = []
  for (const [invocationId, group] of groups) {
    let userContent: Content = { role: 'user', parts: [] }
    let creationTimestamp = (group[0]?.timestamp ?? 0) / 1000
    let finalResponse: Content | undefined
    const invocationEvents: InvocationEvent[] = []
    for (const event of group) {
      const author = event.author || 'agent'
      if (author.toLowerCase() === 'user') {
        if (event.content) userContent = event.content
        creationTimestamp = event.timestamp / 1000
        continue
      }
      if (event.content?.parts && event.content.parts.length > 0 && isFinalResponse(event)) {
        finalResponse = event.content
        continue
      }
      if (hasUsefulParts(event.content))
        invocationEvents.push({ author, ...(event.content ? { content: event.content } : {}) })
    }
    invocations.push({
      invocationId,
      userContent,
      ...(finalResponse ? { finalResponse } : {}),
      intermediateData: { invocationEvents },
      creationTimestamp,
    })
  }
  return invocations
}
