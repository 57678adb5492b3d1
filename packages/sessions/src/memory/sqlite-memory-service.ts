import type { MemoryEntry, MemoryRecord, MemorySearch } from '@adk-fluent/core'
import type { SqliteConnection } from '../sqlite/sqlite-connection.js'
import { SqliteFile } from '../sqlite/sqlite-file.js'
import { decodeMemory, encodeMemory, joinWords } from './memory-row.js'
import { StoredMemoryService } from './stored-memory-service.js'

/** Options of {@link SqliteMemoryService}. */
export interface SqliteMemoryServiceOptions {
  /** The database file (`:memory:` for a private in-memory database); it may be the sessions' file. */
  path: string
}

const schema = [
  `CREATE TABLE IF NOT EXISTS adk_memories (id INTEGER PRIMARY KEY AUTOINCREMENT, app_name TEXT NOT NULL,
  user_id TEXT NOT NULL, session_id TEXT, memory_key TEXT NOT NULL, timestamp_ms REAL NOT NULL, memory TEXT NOT NULL,
  words TEXT NOT NULL, UNIQUE (app_name, user_id, session_id, memory_key))`,
  `CREATE INDEX IF NOT EXISTS idx_adk_memories_user_time ON adk_memories (app_name, user_id, timestamp_ms)`,
  // The index holds each memory's words exactly as `memoryWords` found them; unicode61 without diacritic folding
  // keeps them whole, so SQLite matches the same words the in-memory service does.
  `CREATE VIRTUAL TABLE IF NOT EXISTS adk_memories_fts USING fts5(words, content = 'adk_memories',
  content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0')`,
  // Only rows an insert really adds (not those its ON CONFLICT skips) reach the index.
  `CREATE TRIGGER IF NOT EXISTS adk_memories_indexed AFTER INSERT ON adk_memories
  BEGIN INSERT INTO adk_memories_fts (rowid, words) VALUES (new.id, new.words); END`,
]

/** Rows per INSERT statement (7 parameters each, far below SQLite's limit of 32,766). */
const ROWS_PER_INSERT = 200

const searchSql = `SELECT memory, timestamp_ms FROM (SELECT id, memory, timestamp_ms FROM adk_memories
  WHERE app_name = ? AND user_id = ? AND id IN (SELECT rowid FROM adk_memories_fts WHERE adk_memories_fts MATCH ?)
  ORDER BY timestamp_ms DESC, id DESC LIMIT ?) ORDER BY timestamp_ms, id`

/**
 * Long-term memory in an embedded SQLite file (through `@libsql/client`), searched with SQLite's FTS5 full-text
 * index: table `adk_memories` (one row per memory: app, user, session, event id, timestamp, `{ content, author }` as
 * JSON, and its words) and the external-content FTS5 table `adk_memories_fts` over those words. The file may be the
 * one `SqliteSessionService` uses. Matching, ordering and limits follow `BaseMemoryService`; a query is turned into
 * FTS5 syntax only from its words (each one quoted), so quotes, operators and NUL characters in it can neither fail
 * nor widen a search.
 */
export class SqliteMemoryService extends StoredMemoryService {
  readonly path: string
  readonly #file: SqliteFile

  constructor(options: SqliteMemoryServiceOptions | string) {
    super()
    this.path = typeof options === 'string' ? options : options.path
    this.#file = new SqliteFile(this.path, 'memory store', async (db) => {
      for (const statement of schema) await db.exec(statement)
    })
  }

  override close(): Promise<void> {
    return this.#file.close()
  }

  protected override async find(search: MemorySearch): Promise<MemoryEntry[]> {
    const db = await this.#file.open()
    const match = search.words.map((word) => `"${word}"`).join(' OR ')
    const rows = await db.serial(() => db.rows(searchSql, [search.appName, search.userId, match, search.limit ?? -1]))
    return rows.map((row) => decodeMemory(row[0] as string, row[1] as number))
  }

  protected override async insert(appName: string, userId: string, records: readonly MemoryRecord[]): Promise<void> {
    const db = await this.#file.open()
    await db.serial(() => db.transaction(() => insertChunks(db, appName, userId, records)))
  }
}

async function insertChunks(
  db: SqliteConnection,
  appName: string,
  userId: string,
  records: readonly MemoryRecord[],
): Promise<void> {
  for (let first = 0; first < records.length; first += ROWS_PER_INSERT) {
    const chunk = records.slice(first, first + ROWS_PER_INSERT)
    await db.run(
      `INSERT INTO adk_memories (app_name, user_id, session_id, memory_key, timestamp_ms, memory, words)
        VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
      chunk.flatMap((record) => [
        appName,
        userId,
        record.sessionId ?? null,
        record.key,
        record.timestamp,
        encodeMemory(record),
        joinWords(record),
      ]),
    )
  }
}
