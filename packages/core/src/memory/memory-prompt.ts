import type { MemoryEntry } from './memory-entry.js'

/** What `LoadMemoryTool` adds to the system instruction (ADK's text). */
export const LOAD_MEMORY_INSTRUCTION =
  'You have memory. You can use it to answer questions. If any questions need\nyou to look up the memory, you should call load_memory function with a query.'

/** The text of a memory: its text parts joined by a space. */
export function memoryText(memory: MemoryEntry): string {
  return (memory.content.parts ?? [])
    .map((part) => part.text)
    .filter((text): text is string => typeof text === 'string' && text.length > 0)
    .join(' ')
}

/**
 * What `PreloadMemoryTool` adds to the system instruction for these memories (ADK's layout): a `Time: …` line and an
 * `author: text` line per memory inside `<PAST_CONVERSATIONS>`; `undefined` when none has text.
 */
export function preloadedMemoryInstruction(memories: readonly MemoryEntry[]): string | undefined {
  const lines: string[] = []
  for (const memory of memories) {
    if (memory.timestamp) lines.push(`Time: ${memory.timestamp}`)
    const text = memoryText(memory)
    if (text) lines.push(memory.author ? `${memory.author}: ${text}` : text)
  }
  if (lines.length === 0) return undefined
  return [
    'The following content is from your previous conversations with the user.',
    "They may be useful for answering the user's current query.",
    '<PAST_CONVERSATIONS>',
    ...lines,
    '</PAST_CONVERSATIONS>',
  ].join('\n')
}
