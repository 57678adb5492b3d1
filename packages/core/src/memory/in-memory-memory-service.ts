import type { Session } from '../sessions/session.js'
import { BaseMemoryService } from './base-memory-service.js'
import type { AddMemoryRequest, SearchMemoryRequest, SearchMemoryResponse } from './memory-entry.js'
import {
  explicitMemoryRecords,
  memoryEntryOf,
  memorySearchOf,
  sessionMemoryRecords,
  type MemoryRecord,
} from './memory-record.js'

interface StoredRecord {
  readonly record: MemoryRecord
  readonly words: ReadonlySet<string>
  /** Insertion order: orders memories with the same timestamp. */
  readonly sequence: number
}

/**
 * Memory kept in this process (ADK's `InMemoryMemoryService`), for tests and prototypes: it is lost when the
 * process ends. Matching is ADK's keyword rule (see {@link BaseMemoryService}); use `@adk-fluent/sessions`'
 * `SqliteMemoryService` or `PostgresMemoryService` to keep memories, with the database's full-text index.
 */
export class InMemoryMemoryService extends BaseMemoryService {
  /** `appName\0userId` → memory key (`s:<session>\0<event>` or `m:<id>`) → memory. */
  readonly #users = new Map<string, Map<string, StoredRecord>>()
  #sequence = 0

  override async addSessionToMemory(session: Session): Promise<void> {
    this.#add(session.appName, session.userId, sessionMemoryRecords(session))
  }

  override async addMemory(request: AddMemoryRequest): Promise<void> {
    this.#add(request.appName, request.userId, explicitMemoryRecords(request))
  }

  override async searchMemory(request: SearchMemoryRequest): Promise<SearchMemoryResponse> {
    const search = memorySearchOf(request)
    const stored = this.#users.get(userKey(search.appName, search.userId))
    if (!stored || search.words.length === 0) return { memories: [] }
    const matches: StoredRecord[] = []
    for (const item of stored.values()) if (search.words.some((word) => item.words.has(word))) matches.push(item)
    matches.sort((a, b) => a.record.timestamp - b.record.timestamp || a.sequence - b.sequence)
    const kept = search.limit === undefined ? matches : matches.slice(Math.max(0, matches.length - search.limit))
    // Copies: a caller changing an answer never changes what is stored.
    return {
      memories: kept.map((item) => memoryEntryOf({ ...item.record, content: structuredClone(item.record.content) })),
    }
  }

  #add(appName: string, userId: string, records: readonly MemoryRecord[]): void {
    const key = userKey(appName, userId)
    let stored = this.#users.get(key)
    if (!stored) this.#users.set(key, (stored = new Map()))
    for (const record of records) {
      const id = record.sessionId === undefined ? `m:${record.key}` : `s:${record.sessionId}\0${record.key}`
      if (stored.has(id)) continue
      stored.set(id, { record, words: new Set(record.words), sequence: this.#sequence++ })
    }
  }
}

function userKey(appName: string, userId: string): string {
  return `${appName}\0${userId}`
}
