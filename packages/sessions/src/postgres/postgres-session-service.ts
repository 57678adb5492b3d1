import { ConfigError } from '@adk-fluent/core'
import { StoredSessionService } from '@adk-fluent/core/internal'
import { PgStore, type PgPoolLike } from './pg-store.js'
import { preparePostgresSchema } from './postgres-schema.js'
import { PostgresSessionDriver } from './postgres-session-driver.js'

export type { PgPoolLike } from './pg-store.js'

/** Options of {@link PostgresSessionService}: a connection URL (the service owns its pool) or your own pool. */
export interface PostgresSessionServiceOptions {
  /** `postgresql://user:password@host:port/database`. */
  url?: string
  /** A `pg.Pool` you manage (its connections should run with `TimeZone=UTC`); `close()` does not end it. */
  pool?: PgPoolLike
  /** A schema (created when missing) to keep the tables in, instead of the connection's default. */
  schema?: string
  /** Connections of the pool the service creates (default 10). */
  maxConnections?: number
}

/**
 * Sessions in PostgreSQL, in ADK Python's V1 tables (`sessions`, `events` with the event as JSON in `event_data`,
 * `app_states`, `user_states`, `adk_internal_metadata`), so Python's `DatabaseSessionService` reads and writes the
 * same database. Adds only a `revision` column (and its trigger) and a lease table.
 *
 * An append is one statement: it checks the caller's revision and the session's lease, merges the state deltas
 * and inserts the event, or writes nothing. Appends are idempotent by event id. Needs the `pg` package. The session
 * protocol is core's `StoredSessionService`; this class holds the SQL (`PostgresSessionDriver`).
 */
export class PostgresSessionService extends StoredSessionService {
  readonly #driver: PostgresSessionDriver

  constructor(options: PostgresSessionServiceOptions | string) {
    const settings: PostgresSessionServiceOptions = typeof options === 'string' ? { url: options } : { ...options }
    if (!settings.url && !settings.pool) {
      throw new ConfigError([
        {
          code: 'session_store_options_invalid',
          path: ['PostgresSessionService', 'url'],
          message: 'PostgresSessionService needs a url (postgresql://…) or a pool, got neither.',
          hint: "Pass new PostgresSessionService({ url: 'postgresql://user:password@host:5432/db' }) or { pool }.",
        },
      ])
    }
    const store = new PgStore(
      settings,
      { what: 'session store', purpose: 'PostgresSessionService' },
      preparePostgresSchema,
    )
    const driver = new PostgresSessionDriver(store)
    super(driver)
    this.#driver = driver
  }

  /** Ends the pool the service created (a pool passed in stays open). */
  close(): Promise<void> {
    return this.#driver.close()
  }
}
