import { AdkFluentError, SessionStoreError } from '@adk-fluent/core'
import { loadDriver } from '../load-driver.js'
import type { PgQueryable } from './postgres-schema.js'

/** A `pg` pool (or anything with the same `query`, `connect` and `end`). */
export interface PgPoolLike extends PgQueryable {
  connect(): Promise<PgQueryable & { release(error?: Error | boolean): void }>
  end(): Promise<void>
  on?(event: 'error', listener: (error: Error) => void): unknown
}

interface PgModule {
  Pool: new (config: Record<string, unknown>) => PgPoolLike
}

/**
 * A `pg` pool on `url` whose connections run in UTC (and with `schema` first on their search path); an idle
 * connection that dies (a server restart) does not crash the process: the next query reconnects.
 * @internal
 */
export async function openPgPool(
  options: {
    readonly url?: string | undefined
    readonly schema?: string | undefined
    readonly maxConnections?: number | undefined
  },
  purpose: string,
): Promise<PgPoolLike> {
  const pg = await loadDriver<PgModule & { default?: PgModule }>('pg', purpose)
  const Pool = (pg.default ?? pg).Pool
  const settings = [`-c TimeZone=UTC`, ...(options.schema ? [`-c search_path=${quoteIdent(options.schema)}`] : [])]
  const pool = new Pool({
    connectionString: options.url,
    options: settings.join(' '),
    max: options.maxConnections ?? 10,
  })
  pool.on?.('error', () => undefined)
  return pool
}

/** A PostgreSQL identifier in double quotes. @internal */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** Where a PostgreSQL store lives: a URL (the store owns its pool) or a pool, and an optional schema. */
export interface PgStoreOptions {
  readonly url?: string | undefined
  readonly pool?: PgPoolLike | undefined
  readonly schema?: string | undefined
  readonly maxConnections?: number | undefined
}

/**
 * A PostgreSQL pool opened on first use, its tables prepared by `prepare` (in `schema`, created when missing), with
 * every failure of the database a `SessionStoreError` naming the store (`what`: "session store", "memory store").
 * @internal
 */
export class PgStore {
  readonly #options: PgStoreOptions
  readonly #what: string
  readonly #purpose: string
  readonly #prepare: (client: PgQueryable) => Promise<void>
  #pool: Promise<PgPoolLike> | undefined

  constructor(
    options: PgStoreOptions,
    names: { what: string; purpose: string },
    prepare: (client: PgQueryable) => Promise<void>,
  ) {
    this.#options = options
    this.#what = names.what
    this.#purpose = names.purpose
    this.#prepare = prepare
  }

  async query<R>(text: string, values: unknown[]): Promise<{ rows: R[]; rowCount: number | null }> {
    const pool = await this.connect()
    try {
      return await pool.query<R>(text, values)
    } catch (error) {
      if (AdkFluentError.isInstance(error)) throw error
      throw new SessionStoreError(`PostgreSQL ${this.#what} failed: ${(error as Error).message}`, { cause: error })
    }
  }

  /** The pool, opened (and the tables prepared) on first use. */
  connect(): Promise<PgPoolLike> {
    this.#pool ??= this.#open().catch((error: unknown) => {
      this.#pool = undefined
      if (AdkFluentError.isInstance(error)) throw error
      throw new SessionStoreError(`Cannot open the PostgreSQL ${this.#what}: ${(error as Error).message}`, {
        cause: error,
      })
    })
    return this.#pool
  }

  /** Ends the pool the store created (a pool passed in is left open). */
  async close(): Promise<void> {
    const pool = this.#pool
    this.#pool = undefined
    if (pool && !this.#options.pool) await (await pool.catch(() => undefined))?.end()
  }

  async #open(): Promise<PgPoolLike> {
    const { schema } = this.#options
    const pool = this.#options.pool ?? (await openPgPool(this.#options, this.#purpose))
    const client = await pool.connect()
    try {
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`)
      await this.#prepare(client)
      client.release()
    } catch (error) {
      client.release(true)
      if (!this.#options.pool) await pool.end().catch(() => undefined)
      throw error
    }
    return pool
  }
}
