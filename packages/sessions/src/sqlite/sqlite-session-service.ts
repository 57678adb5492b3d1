import { ConfigError } from '@adk-fluent/core'
import { StoredSessionService } from '@adk-fluent/core/internal'
import { SqliteSessionDriver } from './sqlite-session-driver.js'

/** Options of {@link SqliteSessionService}. */
export interface SqliteSessionServiceOptions {
  /** The database file (created with its directory when missing), or `':memory:'` for a private in-memory one. */
  path: string
}

/**
 * Sessions in an embedded SQLite file (through `@libsql/client`: no server, no native build), in the layout of ADK
 * Python's `SqliteSessionService`, so `adk web --session_service_uri sqlite:///file.db` reads and writes the same
 * file. Adds only a `revision` column (and its trigger), an index and a lease table.
 *
 * Safe with several processes on one file: an append is one `BEGIN IMMEDIATE` transaction that checks the caller's
 * revision and the session's lease, merges the state deltas (shallow, `null` kept) and inserts the event. The session
 * protocol is core's `StoredSessionService`; this class holds the SQL (`SqliteSessionDriver`).
 */
export class SqliteSessionService extends StoredSessionService {
  readonly path: string
  readonly #driver: SqliteSessionDriver

  constructor(options: SqliteSessionServiceOptions | string) {
    const path = typeof options === 'string' ? options : (options as Partial<SqliteSessionServiceOptions> | null)?.path
    if (typeof path !== 'string' || path.length === 0) {
      throw new ConfigError([
        {
          code: 'session_store_options_invalid',
          path: ['SqliteSessionService', 'path'],
          message: `SqliteSessionService needs the path of its database file, got ${describeOptions(options)}.`,
          hint: "Pass it as new SqliteSessionService({ path: 'sessions.db' }) (or ':memory:'); for a URL use openSessionService('sqlite:///sessions.db').",
        },
      ])
    }
    const driver = new SqliteSessionDriver(path)
    super(driver)
    this.path = path
    this.#driver = driver
  }

  /** Closes the database connection. */
  close(): Promise<void> {
    return this.#driver.close()
  }
}

function describeOptions(options: unknown): string {
  if (typeof options === 'string') return 'an empty string'
  if (typeof options !== 'object' || options === null) return String(options)
  const keys = Object.keys(options)
  return keys.length > 0 ? `an object with ${keys.join(', ')}` : 'an empty object'
}
