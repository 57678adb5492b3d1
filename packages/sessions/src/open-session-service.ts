import { ConfigError, InMemorySessionService, type BaseSessionService } from '@adk-fluent/core'
import { PostgresSessionService } from './postgres/postgres-session-service.js'
import { SqliteSessionService } from './sqlite/sqlite-session-service.js'

/** A session service you can close (the in-memory one has nothing to close). */
export type ClosableSessionService = BaseSessionService & { close(): Promise<void> }

/**
 * Opens a session service from a URI:
 * - `memory:` — in memory (lost when the process ends);
 * - `sqlite:./path.db`, `sqlite:///abs/or/rel.db` (ADK's form), `sqlite::memory:` — an embedded SQLite file
 *   (needs `@libsql/client`);
 * - `postgresql://…` / `postgres://…` — PostgreSQL (needs `pg`).
 */
export function openSessionService(uri: string): ClosableSessionService {
  const value = uri.trim()
  if (value === 'memory:' || value === 'memory://') {
    return Object.assign(new InMemorySessionService(), { close: async () => {} })
  }
  if (value.startsWith('postgresql://') || value.startsWith('postgres://')) return new PostgresSessionService(value)
  if (value.startsWith('sqlite:')) return new SqliteSessionService(sqlitePathOf(uri))
  // Only the scheme is repeated: the rest of a URI may hold a password (mysql://user:password@host/db).
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0]
  throw new ConfigError([
    {
      code: 'session_store_uri_invalid',
      path: ['sessions'],
      message: `${scheme === undefined ? 'A session store URI without a scheme' : `Unknown session store URI scheme "${scheme}"`}:`,
      hint: 'use memory:, sqlite:./sessions.db, sqlite::memory: or postgresql://user@host:5432/db.',
    },
  ])
}

/**
 * The file of a `sqlite:` URI: `sqlite:./path.db`, ADK's (SQLAlchemy's) `sqlite:///relative.db` and
 * `sqlite:////absolute.db`, or `:memory:`. A URI that names no file is a `ConfigError`.
 * @internal
 */
export function sqlitePathOf(uri: string): string {
  let path = uri.trim().slice('sqlite:'.length)
  if (path.startsWith('///')) path = path.slice(3)
  else if (path.startsWith('//')) path = path.slice(2)
  if (path === '') {
    throw new ConfigError([
      {
        code: 'session_store_uri_invalid',
        path: [],
        message: `"${uri}" names no database file:`,
        hint: 'use sqlite:./sessions.db or sqlite::memory:',
      },
    ])
  }
  return path
}
