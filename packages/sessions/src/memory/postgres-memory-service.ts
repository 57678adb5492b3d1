import { SessionStoreError, type MemoryEntry, type MemoryRecord, type MemorySearch } from '@adk-fluent/core'
import { PgStore, type PgPoolLike } from '../postgres/pg-store.js'
import type { PgQueryable } from '../postgres/postgres-schema.js'
import { decodeMemory, encodeMemory, joinWords } from './memory-row.js'
import { StoredMemoryService } from './stored-memory-service.js'

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
export class PostgresMemoryService extends StoredMemoryService {
  readonly #store: PgStore

  constructor(options: PostgresMemoryServiceOptions | string) {
    super()
    const settings = typeof options === 'string' ? { url: options } : { ...options }
    if (!settings.url && !settings.pool) {
      throw new SessionStoreError('PostgresMemoryService needs a url (postgresql://…) or a pool.')
    }
    this.#store = new PgStore(settings, { what: 'memory store', purpose: 'PostgresMemoryService' }, prepareMemoryTable)
  }

  /** Ends the pool the service created (a pool passed in is left open). */
  override close(): Promise<void> {
    return this.#store.close()
  }

  protected override async find(search: MemorySearch): Promise<MemoryEntry[]> {
    const query = search.words.map((word) => `'${word}'`).join(' | ')
    const result = await this.#store.query<{ memory: string; timestamp_ms: number }>(searchSql, [
      search.appName,
      search.userId,
      query,
      search.limit ?? null,
    ])
    return result.rows.map((row) => decodeMemory(row.memory, row.timestamp_ms))
  }

  protected override async insert(appName: string, userId: string, records: readonly MemoryRecord[]): Promise<void> {
    await this.#store.query(insertSql, [
      appName,
      userId,
      records.map((record) => record.sessionId ?? null),
      records.map((record) => record.key),
      records.map((record) => record.timestamp),
      records.map(encodeMemory),
      records.map(joinWords),
    ])
  }
}

/** Creates the table and its indexes when missing (under an advisory lock: services starting together do not race). */
async function prepareMemoryTable(client: PgQueryable): Promise<void> {
  const ready = await client.query<{ id: string | null }>(`SELECT to_regclass('adk_memories_words') AS id`)
  if (ready.rows[0]?.id) return
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK])
    await client.query(ddl)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
