import type { Part } from '../../models/genai-types.js'
import type { Event } from '../../events/event.js'
import { InternalError } from '../../errors/runtime-errors.js'

/**
 * Merges function-response events into one: starts from the first event's parts; a later response with a known id
 * replaces that part, an unknown id is appended, other parts are appended.
 */
export function mergeFunctionResponseEvents(events: readonly Event[]): Event {
  const [first] = events
  if (!first?.content?.parts) throw new InternalError('Cannot merge function responses: the first event has no parts.')
  if (events.length === 1) return first
  const parts: Part[] = [...first.content.parts]
  const indexById = new Map<string, number>()
  parts.forEach((part, index) => {
    const id = part.functionResponse?.id
    if (id) indexById.set(id, index)
  })
  for (const event of events.slice(1)) {
    for (const part of event.content?.parts ?? []) {
      const id = part.functionResponse?.id
      if (id && indexById.has(id)) parts[indexById.get(id) as number] = part
      else {
        if (id) indexById.set(id, parts.length)
        parts.push(part)
      }
    }
  }
  return { ...first, content: { ...first.content, parts } }
}
