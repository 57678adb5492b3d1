import { stringifyContent, type Event } from '@adk-fluent/core'
import type { StreamChunk } from './stream-chunk.js'

/**
 * The text of a run as it arrives, tagged with author and branch: partial chunks as they stream, and whole texts of
 * responses that did not stream (the aggregated response after streamed chunks is skipped, per author and branch).
 */
export async function* streamChunks(events: AsyncIterable<Event>): AsyncGenerator<StreamChunk, void, undefined> {
  const streaming = new Set<string>()
  for await (const event of events) {
    if (event.author === 'user') continue
    const source = `${event.author}\u0000${event.branch ?? ''}`
    const text = stringifyContent(event)
    const tags = event.branch === undefined ? { author: event.author } : { author: event.author, branch: event.branch }
    if (event.partial) {
      if (text) {
        streaming.add(source)
        yield { text, ...tags, partial: true }
      }
      continue
    }
    if (streaming.delete(source)) continue
    if (text) yield { text, ...tags, partial: false }
  }
}

/** Only the text of {@link streamChunks}. */
export async function* streamText(events: AsyncIterable<Event>): AsyncGenerator<string, void, undefined> {
  for await (const chunk of streamChunks(events)) yield chunk.text
}
