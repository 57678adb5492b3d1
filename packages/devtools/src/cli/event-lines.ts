import type { Event } from '@adk-fluent/core'

const maxResultLength = 200

function shorten(text: string): string {
  return text.length > maxResultLength ? `${text.slice(0, maxResultLength - 1)}…` : text
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** What an event shows besides its text: `→ search({"q":"x"})` for calls, `← search: {...}` for results, errors. */
export function eventActivity(event: Event): string[] {
  const lines: string[] = []
  for (const part of event.content?.parts ?? []) {
    if (part.functionCall)
      lines.push(`→ ${part.functionCall.name ?? 'tool'}(${shorten(json(part.functionCall.args ?? {}))})`)
    if (part.functionResponse)
      lines.push(`← ${part.functionResponse.name ?? 'tool'}: ${shorten(json(part.functionResponse.response ?? {}))}`)
  }
  if (event.errorMessage) lines.push(`error: ${event.errorMessage}`)
  return lines
}

/** The visible text of an event (thoughts left out). */
export function eventText(event: Event): string {
  return (event.content?.parts ?? [])
    .flatMap((part) => (typeof part.text === 'string' && !part.thought ? [part.text] : []))
    .join('')
}
