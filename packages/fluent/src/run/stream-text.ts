import { stringifyContent, type Event } from '@adk-fluent/core'

/**
 * The text of a run as it arrives: partial chunks as they stream, and whole texts of responses that did not stream
 * (the aggregated response after streamed chunks is skipped, per author and branch).
 */
export async function* streamText(events: AsyncIterable<Event>): AsyncGenerator<string, void, undefined> {
  const streaming = new Set<string>()
  for await (const event of events) {
    if (event.author === 'user') continue
    const source = `${event.author}\u0000${event.branch ?? ''}`
    const text = stringifyContent(event)
    if (event.partial) {
      if (text) {
        streaming.add(source)
        yield text
      }
      continue
    }
    if (streaming.delete(source)) continue
    if (text) yield text
  }
}
