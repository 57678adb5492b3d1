import type { Content, Part } from '../../models/genai-types.js'
import type { Event } from '../../events/event.js'

function stringify(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/**
 * Another agent's event as this agent sees it: a user turn `For context:` followed by `[author] said: …`,
 * `` [author] called tool `name` with parameters: {…} `` and `` [author] tool `name` returned result: {…} ``
 * lines. Thoughts are skipped; `undefined` when nothing but the header would remain.
 */
export function convertForeignEvent(event: Event): Content | undefined {
  const parts: Part[] = [{ text: 'For context:' }]
  const author = event.author
  for (const part of event.content?.parts ?? []) {
    if (part.thought) continue
    if (typeof part.text === 'string') {
      if (part.text.length > 0) parts.push({ text: `[${author}] said: ${part.text}` })
    } else if (part.functionCall) {
      parts.push({
        text: `[${author}] called tool \`${part.functionCall.name}\` with parameters: ${stringify(part.functionCall.args ?? {})}`,
      })
    } else if (part.functionResponse) {
      parts.push({
        text: `[${author}] tool \`${part.functionResponse.name}\` returned result: ${stringify(part.functionResponse.response)}`,
      })
    } else {
      parts.push(part)
    }
  }
  if (parts.length === 1) return undefined
  return { role: 'user', parts }
}
