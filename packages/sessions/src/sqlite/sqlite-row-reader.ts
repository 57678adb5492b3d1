import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

type Value = string | number | bigint | null

interface RawStatement {
  raw(enabled?: boolean): RawStatement
  safeIntegers(enabled?: boolean): RawStatement
  all(args: Value[]): unknown[][]
}

interface RawDatabase {
  prepare(sql: string): RawStatement
  exec(sql: string): unknown
  close(): void
}

type RawDatabaseConstructor = new (path: string, options?: { timeout?: number }) => RawDatabase

/** Reads rows as arrays on its own connection to a database file. @internal */
export interface RowReader {
  rows(sql: string, args: Value[]): unknown[][]
  /** Runs the reads in one read transaction: they all see the database as of one moment (WAL snapshot). */
  snapshot(reads: readonly { sql: string; args: Value[] }[]): unknown[][][]
  close(): void
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/** A value as `@libsql/client` returns it with `intMode: 'number'` (its `valueFromSql`). */
function clientValue(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value > MAX_SAFE || value < -MAX_SAFE)
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number')
    return Number(value)
  }
  if (value instanceof Uint8Array) return value.buffer
  return value
}

/**
 * The `libsql` package `@libsql/client` itself opens local files with (a better-sqlite3-style API), resolved from
 * `@libsql/client`'s own directory; undefined when that fails (another layout, a bundler, a client without it).
 */
function loadRawDatabase(): RawDatabaseConstructor | undefined {
  try {
    const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url)
    const client = createRequire(here).resolve('@libsql/client')
    const Database = createRequire(client)('libsql') as RawDatabaseConstructor | { default?: unknown }
    const constructor = (typeof Database === 'function' ? Database : Database.default) as RawDatabaseConstructor
    return typeof constructor === 'function' &&
      typeof constructor.prototype?.prepare === 'function' &&
      typeof constructor.prototype?.exec === 'function'
      ? constructor
      : undefined
  } catch {
    return undefined
  }
}

let rawDatabase: RawDatabaseConstructor | null | undefined

/**
 * A row reader on `file`, or undefined when `libsql` is not reachable or the path is one `@libsql/client` might read
 * differently (its `file:` URL treats `?`, `#` and `%` specially): then reads go through the client. The reader is a
 * second connection (WAL: it sees every committed write), opened on first use, caching its statements.
 * @internal
 */
export function openRowReader(file: string, timeoutMs: number): RowReader | undefined {
  if (/[?#%]/.test(file)) return undefined
  if (rawDatabase === undefined) rawDatabase = loadRawDatabase() ?? null
  const Database = rawDatabase
  if (!Database) return undefined
  let db: RawDatabase | undefined
  const statements = new Map<string, RawStatement>()
  const open = () => (db ??= new Database(file, { timeout: timeoutMs }))
  return {
    snapshot(reads) {
      const database = open()
      // Deferred: the snapshot is taken at the first read and holds until COMMIT; a read never waits for a writer.
      database.exec('BEGIN')
      try {
        const results = reads.map(({ sql, args }) => this.rows(sql, args))
        database.exec('COMMIT')
        return results
      } catch (error) {
        try {
          database.exec('ROLLBACK')
        } catch {
          // no transaction left to roll back
        }
        throw error
      }
    },
    rows(sql, args) {
      db = open()
      let statement = statements.get(sql)
      if (!statement) {
        statement = db.prepare(sql).raw(true).safeIntegers(true)
        statements.set(sql, statement)
      }
      const rows = statement.all(args)
      for (const row of rows) {
        for (let index = 0; index < row.length; index++) {
          const value = row[index]
          if (typeof value === 'bigint' || (typeof value === 'object' && value !== null))
            row[index] = clientValue(value)
        }
      }
      return rows
    },
    close() {
      statements.clear()
      db?.close()
      db = undefined
    },
  }
}
