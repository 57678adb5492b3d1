import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { SqliteConnection } from './sqlite-connection.js'

/**
 * A database file (its folder created when missing; `:memory:` for a private in-memory database) opened on first
 * use, its tables prepared by `prepare`; a failed open is retried by the next call.
 * @internal
 */
export class SqliteFile {
  readonly path: string
  readonly #prepare: (db: SqliteConnection) => Promise<void>
  #db: Promise<SqliteConnection> | undefined

  constructor(path: string, prepare: (db: SqliteConnection) => Promise<void>) {
    this.path = path
    this.#prepare = prepare
  }

  open(): Promise<SqliteConnection> {
    this.#db ??= (async () => {
      if (this.path !== ':memory:') mkdirSync(dirname(this.path), { recursive: true })
      const db = await SqliteConnection.open(this.path)
      try {
        await db.serial(() => this.#prepare(db))
      } catch (error) {
        db.close()
        throw error
      }
      return db
    })().catch((error: unknown) => {
      this.#db = undefined
      throw error
    })
    return this.#db
  }

  /** Closes the connection (a later call opens it again). */
  async close(): Promise<void> {
    const db = this.#db
    this.#db = undefined
    if (db) (await db.catch(() => undefined))?.close()
  }
}
