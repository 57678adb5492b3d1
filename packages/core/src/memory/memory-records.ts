import {
  checkScope,
  explicitMemoryRecords,
  memoryEntryOf,
  memorySearchOf,
  sessionMemoryRecords,
} from './memory-record.js'

/**
 * What a memory service needs to keep `BaseMemoryService`'s contract, for services outside core (the SQLite and
 * PostgreSQL ones of `@adk-fluent/sessions`, or your own): the records of a session or of explicit memories, a
 * checked search with its words, the entry a search answers with, and the scope check.
 */
export const memoryRecords = Object.freeze({
  ofSession: sessionMemoryRecords,
  ofMemories: explicitMemoryRecords,
  search: memorySearchOf,
  entry: memoryEntryOf,
  checkScope,
})
