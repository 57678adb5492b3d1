import { AdkFluentError, SessionStoreError } from '@adk-fluent/core'
import { mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { SqliteConnection } from './sqlite-connection.js'

/**
 * A database file (its folder created when missing; `:memory:` for a private in-memory database) opened on first
 * use, its tables prepared by `prepare`; a failed open is retried by the next call. A path it cannot use (a
 * directory, under a file, not a database) is a `SessionStoreError` naming the file and the store (`what`).
 * @internal
 */
export class SqliteFile {
  readonly path: string
  readonly #what: string
  readonly #prepare: (db: SqliteConnection) => Promise<void>
  #db: Promise<SqliteConnection> | undefined

  constructor(path: string, what: string, prepare: (db: SqliteConnection) => Promise<void>) {
    this.path = path
    this.#what = what
    this.#prepare = prepare
  }

  open(): Promise<SqliteConnection> {
    this.#db ??= (async () => {
      if (this.path !== ':memory:') this.#preparePath()
      const db = await SqliteConnection.open(this.path).catch((error: unknown) => {
        throw this.#cannotOpen(error)
      })
      try {
        await db.serial(() => this.#prepare(db))
      } catch (error) {
        db.close()
        throw this.#cannotOpen(error)
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

  /** Creates the file's directory when missing; a path that is a directory, or under a file, is a clear error. */
  #preparePath(): void {
    const { path } = this
    try {
      mkdirSync(dirname(path), { recursive: true })
    } catch (error) {
      const code = (error as { code?: string }).code
      const reason =
        code === 'EEXIST' || code === 'ENOTDIR'
          ? `a part of its directory ${JSON.stringify(dirname(path))} is a file, not a directory`
          : `its directory cannot be created (${(error as Error).message})`
      throw this.#storeError(reason, error)
    }
    let isDirectory = false
    try {
      isDirectory = statSync(path).isDirectory()
    } catch {
      // Missing: SQLite creates it.
    }
    if (isDirectory) throw this.#storeError('it is a directory; give the path of a database file inside it')
  }

  /** A failure to open the file, naming it; our own other errors (a missing driver, a schema from the future) pass through. */
  #cannotOpen(error: unknown): unknown {
    if (AdkFluentError.isInstance(error) && error.code !== 'SESSION_STORE_FAILED') return error
    const cause = (error as { cause?: unknown }).cause
    return this.#storeError(
      ((AdkFluentError.isInstance(error) && cause instanceof Error ? cause : error) as Error).message,
      error,
    )
  }

  #storeError(reason: string, cause?: unknown): SessionStoreError {
    return new SessionStoreError(
      `Cannot open the SQLite ${this.#what} at ${JSON.stringify(this.path)}: ${reason}.`,
      cause === undefined ? {} : { cause },
    )
  }
}
