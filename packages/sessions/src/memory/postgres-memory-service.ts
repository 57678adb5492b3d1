import {
  AdkFluentError,
  BaseMemoryService,
  memoryRecords,
  SessionStoreError,
  type AddMemoryRequest,
  type MemoryRecord,
  type SearchMemoryRequest,
  type SearchMemoryResponse,
  type Session,
} from '@adk-fluent/core'
import { openPgPool, quoteIdent } from '../postgres/open-pg-pool.js'
import type { PgPoolLike } from '../postgres/postgres-session-service.js'
import { decodeMemory, encodeMemory, joinWords } from './memory-row.js'

/** Options of {@link PostgresMemoryService}: a connection URL (the service owns its pool) or your own pool. */
export interface PostgresMemoryServiceOptions {
  /** `postgresql://user:password@host:port/database`. */
  url?: string
  /** A `pg.Pool` you manage; `close()` does not end it. */
  pool?: PgPoolLike
  /** A schema (created when missing) to keep the table in, instead of the connection's default. */
  schema?: string
  /** Connections of the pool the service creates (default 10). */
  maxConnections?: number
}

/** The lock id of the schema's creation ("ADKM"): services starting together do not race. */
const SCHEMA_LOCK = 0x41444b4d

const ddl = `
CREATE TABLE IF NOT EXISTS adk_memories (
  id BIGSERIAL PRIMARY KEY, app_name TEXT NOT NULL, user_id TEXT NOT NULL, session_id TEXT, memory_key TEXT NOT NULL,
  timestamp_ms DOUBLE PRECISION NOT NULL, memory TEXT NOT NULL, words TSVECTOR NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS adk_memories_source ON adk_memories (app_name, user_id, session_id, memory_key);
CREATE INDEX IF NOT EXISTS adk_memories_user_time ON adk_memories (app_name, user_id, timestamp_ms);
CREATE INDEX IF NOT EXISTS adk_memories_words ON adk_memories USING GIN (words);`

// Rows in one statement: the words become the tsvector's lexemes as they are (array_to_tsvector runs no parser, no
// stemming), so PostgreSQL matches exactly the words `memoryWords` found.
const insertSql = `
INSERT INTO adk_memories (app_name, user_id, session_id, memory_key, timestamp_ms, memory, words)
SELECT $1, $2, s, k, t, m, array_to_tsvector(string_to_array(w, ' '))
FROM unnest($3::text[], $4::text[], $5::float8[], $6::text[], $7::text[]) AS r(s, k, t, m, w)
ON CONFLICT (app_name, user_id, session_id, memory_key) DO NOTHING`

const searchSql = `
SELECT memory, timestamp_ms FROM (
  SELECT id, memory, timestamp_ms FROM adk_memories
  WHERE app_name = $1 AND user_id = $2 AND words @@ $3::tsquery
  ORDER BY timestamp_ms DESC, id DESC LIMIT $4) AS found
ORDER BY timestamp_ms, id`

/**
 * Long-term memory in PostgreSQL, searched with its full-text index: table `adk_memories` (one row per memory: app,
 * user, session, event id, timestamp, `{ content, author }` as JSON, and the memory's words as a `tsvector` under a
 * GIN index). Matching, ordering and limits follow `BaseMemoryService`; the query's tsquery is built only from its
 * words (each one a quoted lexeme, passed as a parameter), so quotes, operators and NUL characters in a query can
 * neither fail nor widen a search. Needs the `pg` package.
 */
export class PostgresMemoryService extends BaseMemoryService {
  readonly #options: PostgresMemoryServiceOptions
  #pool: Promise<PgPoolLike> | undefined

  constructor(options: PostgresMemoryServiceOptions | string) {
    super()
    this.#options = typeof options === 'string' ? { url: options } : { ...options }
    if (!this.#options.url && !this.#options.pool) {
      throw new SessionStoreError('PostgresMemoryService needs a url (postgresql://…) or a pool.')
    }
  }

  override async addSessionToMemory(session: Session): Promise<void> {
    await this.#insert(session.appName, session.userId, memoryRecords.ofSession(session))
  }

  override async addMemory(request: AddMemoryRequest): Promise<void> {
    await this.#insert(request.appName, request.userId, memoryRecords.ofMemories(request))
  }

  override async searchMemory(request: SearchMemoryRequest): Promise<SearchMemoryResponse> {
    const search = memoryRecords.search(request)
    if (search.words.length === 0) return { memories: [] }
    const query = search.words.map((word) => `'${word}'`).join(' | ')
    const result = await this.#query<{ memory: string; timestamp_ms: number }>(searchSql, [
      search.appName,
      search.userId,
      query,
      search.limit ?? null,
    ])
    return { memories: result.rows.map((row) => decodeMemory(row.memory, row.timestamp_ms)) }
  }

  /** Ends the pool the service created (a pool passed in is left open). */
  async close(): Promise<void> {
    const pool = this.#pool
    this.#pool = undefined
    if (pool && !this.#options.pool) await (await pool.catch(() => undefined))?.end()
  }

  async #insert(appName: string, userId: string, records: readonly MemoryRecord[]): Promise<void> {
    if (records.length === 0) return
    await this.#query(insertSql, [
      appName,
      userId,
      records.map((record) => record.sessionId ?? null),
      records.map((record) => record.key),
      records.map((record) => record.timestamp),
      records.map(encodeMemory),
      records.map(joinWords),
    ])
  }

  async #query<R>(text: string, values: unknown[]): Promise<{ rows: R[] }> {
    const pool = await this.#connect()
    try {
      return await pool.query<R>(text, values)
    } catch (error) {
      throw new SessionStoreError(`PostgreSQL memory store failed: ${(error as Error).message}`, { cause: error })
    }
  }

  #connect(): Promise<PgPoolLike> {
    this.#pool ??= this.#open().catch((error: unknown) => {
      this.#pool = undefined
      if (AdkFluentError.isInstance(error)) throw error
      throw new SessionStoreError(`Cannot open the PostgreSQL memory store: ${(error as Error).message}`, {
        cause: error,
      })
    })
    return this.#pool
  }

  async #open(): Promise<PgPoolLike> {
    const { schema } = this.#options
    const pool = this.#options.pool ?? (await openPgPool(this.#options, 'PostgresMemoryService'))
    const client = await pool.connect()
    try {
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`)
      const ready = await client.query<{ id: string | null }>(`SELECT to_regclass('adk_memories_words') AS id`)
      if (!ready.rows[0]?.id) {
        await client.query('BEGIN')
        await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK])
        await client.query(ddl)
        await client.query('COMMIT')
      }
      client.release()
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      client.release(true)
      if (!this.#options.pool) await pool.end().catch(() => undefined)
      throw error
    }
    return pool
  }
}
