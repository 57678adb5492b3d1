import { type Content, type MemoryEntry, type MemoryRecord } from '@adk-fluent/core'
import { memoryRecords } from '@adk-fluent/core/internal'

/**
 * A memory's stored text: `{ content, author }` as JSON. JSON escapes every control character, so a NUL in a memory
 * never reaches a column (PostgreSQL's `text` cannot hold one).
 * @internal
 */
export function encodeMemory(record: MemoryRecord): string {
  return JSON.stringify(
    record.author === undefined ? { content: record.content } : { content: record.content, author: record.author },
  )
}

/** The entry of a stored row (its `memory` JSON and `timestamp_ms`). @internal */
export function decodeMemory(memory: string, timestamp: number): MemoryEntry {
  const { content, author } = JSON.parse(memory) as { content: Content; author?: string }
  return memoryRecords.entry({ content, author, timestamp: Number(timestamp) })
}

/** The memory's words as one string (they never hold a space). @internal */
export function joinWords(record: MemoryRecord): string {
  return record.words.join(' ')
}
