import type { Event } from '@adk-fluent/core'
import type { StateChange, TraceBody } from './trace-entry.js'

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/** The changes a state delta makes to `state`, applied to it (`state` is updated in place). */
export function applyStateDelta(
  state: Record<string, unknown>,
  delta: Readonly<Record<string, unknown>>,
): StateChange[] {
  const changes: StateChange[] = []
  for (const [key, after] of Object.entries(delta)) {
    const before = state[key]
    if (after === null || after === undefined) delete state[key]
    else state[key] = after
    if (!sameValue(before, after)) changes.push({ key, before, after: after ?? undefined })
  }
  return changes
}

/**
 * The timeline rows of one stored event: the user's message, tool calls, tool results, the model's text, the state
 * it changed (as before/after pairs, read from and applied to `state`) and its error, whose message goes through
 * `hide` (the server's secrets out). The same rows serve a live run and the replay of a stored session.
 */
export function eventEntries(
  event: Event,
  state: Record<string, unknown>,
  hide: (text: string) => string,
): TraceBody[] {
  const agent = event.author
  const rows: TraceBody[] = []
  const parts = event.content?.parts ?? []
  const texts = parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text as string)
  if (agent === 'user' && texts.length > 0) rows.push({ kind: 'user', text: texts.join('') })
  for (const part of parts) {
    if (part.functionCall) {
      rows.push({
        kind: 'tool-call',
        agent,
        name: part.functionCall.name ?? '',
        args: part.functionCall.args ?? {},
        callId: part.functionCall.id,
      })
    }
    if (part.functionResponse) {
      const { name = '', response, id } = part.functionResponse
      rows.push({ kind: 'tool-result', agent, name, response: response ?? {}, callId: id })
    }
  }
  if (agent !== 'user' && texts.join('').trim() !== '') rows.push({ kind: 'text', agent, text: texts.join('') })
  const changes = applyStateDelta(state, event.actions.stateDelta)
  if (changes.length > 0) rows.push({ kind: 'state', agent, changes })
  if (event.errorCode !== undefined)
    rows.push({ kind: 'error', agent, code: event.errorCode, message: hide(event.errorMessage ?? '') })
  return rows
}
