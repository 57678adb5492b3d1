import type { Event } from '@adk-fluent/core'
import { neutralizeContextValue } from './neutralize-context-value.js'

/** One event of the history as the context block shows it: `[author]: text`. */
export interface HistoryItem {
  readonly author: string
  readonly text: string
  /** Function calls in the event (for `C.compact()`). */
  readonly toolCalls: number
  /** Function responses in the event. */
  readonly toolResponses: number
  /** True when the event holds only function calls/responses (no text). */
  readonly toolOnly: boolean
  /** When the event was written (milliseconds since the epoch); absent for items a policy made up. */
  readonly timestamp?: number
  /** The event's tags (`customMetadata.tags`), for `C.select({ tag })`. */
  readonly tags?: readonly string[]
  /** Rendered as its text alone, without the `[author]: ` prefix (a `<earlier_context_summary>` block). */
  readonly raw?: boolean
}

/**
 * The history item of an event: text parts (thoughts left out) concatenated, function calls as
 * `called name({...})`, responses as `name returned {...}`; `undefined` for events with nothing to show
 * (state-only events).
 * @internal
 */
export function toHistoryItem(event: Event): HistoryItem | undefined {
  const parts = event.content?.parts
  if (!parts) return undefined
  let text = ''
  const tools: string[] = []
  let toolCalls = 0
  let toolResponses = 0
  for (const part of parts) {
    if (typeof part.text === 'string' && !part.thought) text += part.text
    if (part.functionCall) {
      toolCalls++
      tools.push(`called ${part.functionCall.name ?? 'tool'}(${json(part.functionCall.args ?? {})})`)
    }
    if (part.functionResponse) {
      toolResponses++
      tools.push(`${part.functionResponse.name ?? 'tool'} returned ${json(part.functionResponse.response ?? {})}`)
    }
  }
  const hasText = text.trim().length > 0
  const shown = [hasText ? text : '', ...tools].filter((segment) => segment.length > 0).join(' ')
  if (shown.length === 0) return undefined
  const tags = event.customMetadata?.['tags']
  const item: HistoryItem = {
    author: event.author,
    text: shown,
    toolCalls,
    toolResponses,
    toolOnly: !hasText,
    timestamp: event.timestamp,
  }
  return Array.isArray(tags) ? { ...item, tags: tags.filter((tag): tag is string => typeof tag === 'string') } : item
}

/**
 * `[author]: text`, the text neutralised ({@link neutralizeContextValue}); a `raw` item (a block this code built, whose
 * inner text it neutralised already) as its text alone. @internal
 */
export function renderHistoryItem(item: HistoryItem): string {
  return item.raw ? item.text : `[${item.author}]: ${neutralizeContextValue(item.text)}`
}

/** A rough token count (4 characters a token), used by the budget policies. @internal */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
