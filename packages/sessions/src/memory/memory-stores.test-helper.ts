import type { ClosableSessionService } from '../open-session-service.js'
import { openSessionService } from '../open-session-service.js'
import { PostgresSessionService } from '../postgres/postgres-session-service.js'
import { openMemoryService, type ClosableMemoryService } from './open-memory-service.js'
import { PostgresMemoryService } from './postgres-memory-service.js'

/** Where a persistence test keeps sessions and memory (passed to worker processes as JSON). */
export interface MemoryStore {
  /** `sqlite:<file>` or a PostgreSQL URL. */
  readonly uri: string
  /** The PostgreSQL schema (tests share one database). */
  readonly schema?: string
}

/** The session and memory services of a store, both in the same file or database. */
export function openStores(store: MemoryStore): {
  sessionService: ClosableSessionService
  memoryService: ClosableMemoryService
} {
  if (store.schema === undefined)
    return { sessionService: openSessionService(store.uri), memoryService: openMemoryService(store.uri) }
  const options = { url: store.uri, schema: store.schema }
  return { sessionService: new PostgresSessionService(options), memoryService: new PostgresMemoryService(options) }
}
