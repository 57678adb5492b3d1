import { ConfigError, InMemoryMemoryService, type BaseMemoryService } from '@adk-fluent/core'
import { sqlitePathOf } from '../open-session-service.js'
import { PostgresMemoryService } from './postgres-memory-service.js'
import { SqliteMemoryService } from './sqlite-memory-service.js'

/** A memory service you can close (the in-memory one has nothing to close). */
export type ClosableMemoryService = BaseMemoryService & { close(): Promise<void> }

/**
 * Opens a memory service from the URIs `openSessionService` takes:
 * - `memory:` — in memory (lost when the process ends);
 * - `sqlite:./path.db`, `sqlite:///abs/or/rel.db` (ADK's form), `sqlite::memory:` — SQLite with FTS5 (needs
 *   `@libsql/client`); it may be the sessions' file;
 * - `postgresql://…` / `postgres://…` — PostgreSQL with a `tsvector` GIN index (needs `pg`).
 */
export function openMemoryService(uri: string): ClosableMemoryService {
  const value = uri.trim()
  if (value === 'memory:' || value === 'memory://') {
    return Object.assign(new InMemoryMemoryService(), { close: async () => {} })
  }
  if (value.startsWith('postgresql://') || value.startsWith('postgres://')) return new PostgresMemoryService(value)
  if (value.startsWith('sqlite:')) return new SqliteMemoryService(sqlitePathOf(uri))
  // Only the scheme is repeated: the rest of a URI may hold a password (mysql://user:password@host/db).
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0]
  throw new ConfigError([
    {
      code: 'session_store_uri_invalid',
      path: ['memory'],
      message: `${scheme === undefined ? 'A memory store URI without a scheme' : `Unknown memory store URI scheme "${scheme}"`}:`,
      hint: 'use memory:, sqlite:./memory.db, sqlite::memory: or postgresql://user@host:5432/db.',
    },
  ])
}
