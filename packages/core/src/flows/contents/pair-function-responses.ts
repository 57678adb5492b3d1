import type { Content, FunctionResponse, Part } from '../../models/genai-types.js'
import type { Event } from '../../events/event.js'
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../../util/ids.js'

/** An event and the content the agent sees for it. */
export interface EventContent {
  readonly event: Event
  readonly content: Content
}

/**
 * Gives every function call and response an id, as ADK pairs them when a client leaves the id out: a call without
 * one gets a runtime (`adk-`) id, and a response without one takes the id of the **earliest unanswered call of the
 * same name** before it (by name, in order), else the id of the latest long-running call of that name (a later
 * update of its result, which replaces the earlier response in the request), else — in a history whose calls carry no
 * ids, where no call can be known to be long-running — the id of the latest call of that name, as ADK's `None` ids
 * match. A response that answers no call is kept as a user text part
 * (`` Response of function `name` (no matching call): {...} ``): user input is never dropped, and the model never
 * receives a response without its call. Only `items` whose content is the event's own content are changed (copies;
 * stored events are never modified).
 */
export function pairFunctionResponses<T extends EventContent>(
  items: readonly T[],
  rebuild: (item: T, event: Event) => T,
): T[] {
  const pending = new Map<string, string[]>()
  // The latest long-running call of each name: a later response without an id updates it (ADK: the latest wins).
  const longRunning = new Map<string, string>()
  // The latest call of each name that came without an id (its runtime id): a later id-less response updates it.
  const idless = new Map<string, string>()
  let counter = 0
  return items.map((item) => {
    if (item.content !== item.event.content) return item
    const parts = item.content.parts ?? []
    let changed = false
    const next = parts.map((part): Part => {
      const call = part.functionCall
      if (call) {
        const name = call.name ?? ''
        let id = call.id
        if (!id) {
          id = `${CLIENT_FUNCTION_CALL_ID_PREFIX}paired-${item.event.id}-${counter++}`
          idless.set(name, id)
          changed = true
        }
        const queue = pending.get(name) ?? []
        queue.push(id)
        pending.set(name, queue)
        if (call.id && item.event.longRunningToolIds?.includes(call.id)) longRunning.set(name, call.id)
        return id === call.id ? part : { ...part, functionCall: { ...call, id } }
      }
      const response = part.functionResponse
      if (!response) return part
      const queue = pending.get(response.name ?? '')
      if (response.id) {
        const at = queue?.indexOf(response.id) ?? -1
        if (at >= 0) queue?.splice(at, 1)
        return part
      }
      changed = true
      const id = queue?.shift() ?? longRunning.get(response.name ?? '') ?? idless.get(response.name ?? '')
      if (id) return { ...part, functionResponse: { ...response, id } }
      return { text: `Response of function \`${response.name ?? ''}\` (no matching call): ${json(response)}` }
    })
    if (!changed) return item
    const content: Content = { ...item.content, parts: next }
    return rebuild(item, { ...item.event, content })
  })
}

function json(response: FunctionResponse): string {
  try {
    return JSON.stringify(response.response ?? {}) ?? 'null'
  } catch {
    return String(response.response)
  }
}
