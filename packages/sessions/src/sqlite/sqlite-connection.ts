import { AdkFluentError, SessionStoreError } from '@adk-fluent/core'
import { loadDriver } from '../load-driver.js'
import { openRowReader, type RowReader } from './sqlite-row-reader.js'

type Value = string | number | bigint | null
type Row = Record<string, unknown>

interface Executor {
  execute(statement: { sql: string; args: Value[] } | string): Promise<{ rows: Row[]; rowsAffected: number }>
}

interface LibsqlClient extends Executor {
  transaction(mode: 'write'): Promise<Executor & { commit(): Promise<void>; rollback(): Promise<void>; close(): void }>
  batch(statements: { sql: string; args: Value[] }[], mode: 'read'): Promise<{ rows: Row[] }[]>
  close(): void
}

interface LibsqlModule {
  createClient(config: { url: string; intMode?: 'number'; concurrency?: number; timeout?: number }): LibsqlClient
}

/**
 * One SQLite connection (through `@libsql/client`) with every operation run one at a time: a transaction is a
 * series of statements on the connection, so nothing else may interleave with it inside this process. Other
 * processes are kept out by SQLite's file lock (`BEGIN IMMEDIATE`, `busy_timeout`).
 * @internal
 */
export class SqliteConnection {
  readonly #client: LibsqlClient
  /** A second connection to a file that reads rows as arrays, when available (see {@link SqliteConnection.rows}). */
  readonly #reader: RowReader | undefined
  /** The open transaction's executor while one runs, else the client. */
  #current: Executor
  #tail: Promise<unknown> = Promise.resolve()

  private constructor(client: LibsqlClient, reader: RowReader | undefined) {
    this.#client = client
    this.#reader = reader
    this.#current = client
  }

  /** Opens `file` (`:memory:` for a private in-memory database) in WAL mode with a 5 s busy timeout. */
  static async open(file: string): Promise<SqliteConnection> {
    const libsql = await loadDriver<LibsqlModule & { default?: LibsqlModule }>('@libsql/client', 'SqliteSessionService')
    const createClient = libsql.createClient ?? libsql.default?.createClient
    const url = file === ':memory:' ? ':memory:' : `file:${file}`
    // One connection: per-connection PRAGMAs hold for every statement, and this class already runs one at a time.
    const client = createClient({ url, intMode: 'number', concurrency: 1, timeout: 5000 })
    const connection = new SqliteConnection(client, file === ':memory:' ? undefined : openRowReader(file, 5000))
    await connection.exec('PRAGMA busy_timeout = 5000')
    await connection.exec('PRAGMA foreign_keys = ON')
    if (file !== ':memory:') {
      await connection.exec('PRAGMA journal_mode = WAL')
      await connection.exec('PRAGMA synchronous = NORMAL')
    }
    return connection
  }

  /** Runs `work` with the connection to itself (a transaction or a consistent read). */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work, work)
    this.#tail = result.catch(() => undefined)
    return result
  }

  /** Runs one statement without parameters. */
  async exec(sql: string): Promise<void> {
    await this.#wrap(() => this.#current.execute(sql))
  }

  async all<R = Row>(sql: string, args: Value[] = []): Promise<R[]> {
    return (await this.#wrap(() => this.#current.execute({ sql, args }))).rows as R[]
  }

  /**
   * Rows as arrays of column values, for long reads (a session's events). Outside a transaction they come from the
   * row reader when there is one: `@libsql/client` builds every row as an object with two properties per column,
   * which costs more than the read itself. Values are the same as {@link SqliteConnection.all}'s.
   */
  async rows(sql: string, args: Value[] = []): Promise<unknown[][]> {
    const reader = this.#current === this.#client ? this.#reader : undefined
    if (reader) return this.#wrap(async () => reader.rows(sql, args))
    const rows = await this.all(sql, args)
    return rows.map((row) => Array.prototype.slice.call(row) as unknown[])
  }

  /**
   * Several reads that see the database as of one moment (another process's commit cannot fall between them), each
   * as positional rows: on the row reader in one read transaction, else as one read batch of the client (inside a
   * write transaction its reads are consistent already).
   */
  async readTogether(reads: { sql: string; args: Value[] }[]): Promise<unknown[][][]> {
    const reader = this.#current === this.#client ? this.#reader : undefined
    if (reader) return this.#wrap(async () => reader.snapshot(reads))
    let results: { rows: Row[] }[] = []
    if (this.#current === this.#client) results = await this.#wrap(() => this.#client.batch(reads, 'read'))
    else for (const { sql, args } of reads) results.push(await this.#wrap(() => this.#current.execute({ sql, args })))
    return results.map((result) => result.rows.map((row) => Array.prototype.slice.call(row) as unknown[]))
  }

  async get<R = Row>(sql: string, args: Value[] = []): Promise<R | undefined> {
    return (await this.all<R>(sql, args))[0]
  }

  /** Runs a statement; the number of rows it changed. */
  async run(sql: string, args: Value[] = []): Promise<number> {
    return (await this.#wrap(() => this.#current.execute({ sql, args }))).rowsAffected
  }

  /** Runs `work` inside `BEGIN IMMEDIATE` … `COMMIT` (the write lock first: no upgrade deadlock), rolled back on error. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const tx = await this.#wrap(() => this.#client.transaction('write'))
    this.#current = tx
    try {
      const result = await work()
      await this.#wrap(() => tx.commit())
      return result
    } catch (error) {
      await tx.rollback().catch(() => undefined)
      throw error
    } finally {
      this.#current = this.#client
      tx.close()
    }
  }

  close(): void {
    this.#reader?.close()
    this.#client.close()
  }

  async #wrap<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (AdkFluentError.isInstance(error)) throw error
      const code = (error as { code?: string }).code
      if (code?.startsWith('SQLITE_CONSTRAINT')) throw error
      throw new SessionStoreError(`SQLite session store failed: ${(error as Error).message}`, { cause: error })
    }
  }
}
