import { isFinalResponse, stringifyContent, type Event } from '@adk-fluent/core'

/** The text of the last final response with text (the run's answer); `''` when there is none. */
export async function finalText(events: AsyncIterable<Event>): Promise<string> {
  let answer = ''
  for await (const event of events) {
    if (event.author === 'user' || !isFinalResponse(event)) continue
    const text = stringifyContent(event)
    if (text) answer = text
  }
  return answer
}
