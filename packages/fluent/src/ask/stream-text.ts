import { isFinalResponse, stringifyContent, type Event } from '@adk-fluent/core'
import { runFailure } from './final-text.js'
import type { StreamChunk } from './stream-chunk.js'

/**
 * The text of a run as it arrives, tagged with author and branch: partial chunks as they stream, and whole texts of
 * responses that did not stream. Of the aggregated response after streamed chunks (per author and branch) only the
 * text the chunks did not carry is passed on (an output guard holds back a chunk's last characters until it has
 * checked what follows them), so the chunks always add up to the complete answer. A run that ends on an error event
 * (a failed model call) throws after the text that came before it, as `.ask()` does (see `runFailure`).
 */
export async function* streamChunks(events: AsyncIterable<Event>): AsyncGenerator<StreamChunk, void, undefined> {
  // Per author and branch: the text its partial chunks carried so far.
  const streamed = new Map<string, string>()
  // The error event the run ends on, unless a final answer with text came after it.
  let failure: Event | undefined
  for await (const event of events) {
    if (event.author === 'user') continue
    if (event.errorCode !== undefined && !event.partial) failure = event
    else if (failure && isFinalResponse(event) && stringifyContent(event)) failure = undefined
    const source = `${event.author}\u0000${event.branch ?? ''}`
    const text = stringifyContent(event)
    const tags = event.branch === undefined ? { author: event.author } : { author: event.author, branch: event.branch }
    if (event.partial) {
      if (text) {
        streamed.set(source, (streamed.get(source) ?? '') + text)
        yield { text, ...tags, partial: true }
      }
      continue
    }
    const sent = streamed.get(source)
    if (sent !== undefined) {
      streamed.delete(source)
      if (text.length > sent.length && text.startsWith(sent))
        yield { text: text.slice(sent.length), ...tags, partial: true }
      continue
    }
    if (text) yield { text, ...tags, partial: false }
  }
  if (failure) throw runFailure(failure)
}

/** Only the text of {@link streamChunks}. */
export async function* streamText(events: AsyncIterable<Event>): AsyncGenerator<string, void, undefined> {
  for await (const chunk of streamChunks(events)) yield chunk.text
}
