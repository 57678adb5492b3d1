/** The fields of an event a context window reads (the same in both runtimes). */
export interface WindowEvent {
  readonly author?: string | undefined
  readonly partial?: boolean | undefined
  /** Only the text of parts is read (ours and @google/adk's contents both fit). */
  readonly content?: { readonly parts?: readonly { readonly text?: string; readonly thought?: boolean }[] } | undefined
}

/**
 * The hand-written equivalent of `C.window(n)` for agents built without `@adk-fluent/fluent`: the last `n` turns
 * (counted from user messages), scanned backwards from the end of the session, one `[author]: text` line per event.
 * Used as the instruction provider of an `includeContents: 'none'` agent in both runtimes.
 */
export function renderWindow(events: readonly WindowEvent[], turns: number): string {
  const lines: string[] = []
  let seen = 0
  for (let index = events.length - 1; index >= 0 && seen < turns; index--) {
    const event = events[index]
    if (!event || event.partial) continue
    const text = (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('')
    if (text.length === 0) continue
    lines.push(`[${event.author ?? 'unknown'}]: ${text}`)
    if (event.author === 'user') seen++
  }
  lines.reverse()
  return `Answer the user.\n\n<conversation_context>\n${lines.join('\n')}\n</conversation_context>`
}

/** The text of history event `index` in the durable-session scenario (K), the same for every store. */
export function historyEventText(index: number): string {
  return `message ${index}: ${'lorem ipsum '.repeat(8)}`
}
