import { SessionStoreError } from '@adk-fluent/core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SqliteConnection } from './sqlite-connection.js'

const dir = mkdtempSync(join(tmpdir(), 'adk-row-reader-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function withConnection(file: string, work: (db: SqliteConnection) => Promise<void>): Promise<void> {
  const db = await SqliteConnection.open(file)
  try {
    await work(db)
  } finally {
    db.close()
  }
}

const asArrays = (rows: Record<string, unknown>[]) => rows.map((row) => Array.prototype.slice.call(row) as unknown[])

describe('SqliteConnection.rows (positional rows for long reads)', () => {
  it('on a file, reads on its own connection (the row reader), with the values the client returns', async () => {
    await withConnection(join(dir, 'values.db'), async (db) => {
      // A TEMP table lives in one connection: the client's is not there for a second connection.
      await db.exec('CREATE TEMP TABLE client_only (x)')
      expect(asArrays(await db.all('SELECT count(*) FROM temp.client_only'))).toEqual([[0]])
      await expect(db.rows('SELECT count(*) FROM temp.client_only')).rejects.toThrow(/client_only/)
      await db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY, a TEXT, b REAL, c, d BLOB, e)')
      await db.run("INSERT INTO t (a, b, c, d, e) VALUES ('text', 1.5, 42, x'0102ff', NULL), (NULL, 3, -7, x'', 'x')")
      const sql = 'SELECT a, b, c, d, e, k FROM t ORDER BY k'
      const rows = await db.rows(sql)
      expect(rows).toEqual(asArrays(await db.all(sql)))
      expect(rows[0]?.[3]).toBeInstanceOf(ArrayBuffer)
      expect(typeof rows[0]?.[2]).toBe('number')
      // An integer beyond 2^53 fails the same way on both paths.
      await db.run('INSERT INTO t (c) VALUES (?)', [2n ** 60n])
      await expect(db.all('SELECT c FROM t')).rejects.toBeInstanceOf(SessionStoreError)
      await expect(db.rows('SELECT c FROM t')).rejects.toBeInstanceOf(SessionStoreError)
    })
  })

  it('sees every committed write, and inside a transaction reads on the transaction (its own uncommitted rows)', async () => {
    const file = join(dir, 'visibility.db')
    await withConnection(file, async (db) => {
      await db.exec('CREATE TABLE t (v TEXT)')
      expect(await db.rows('SELECT v FROM t')).toEqual([])
      await db.run("INSERT INTO t VALUES ('one')")
      expect(await db.rows('SELECT v FROM t')).toEqual([['one']])
      await withConnection(file, async (other) => {
        await other.run("INSERT INTO t VALUES ('two')")
      })
      expect(await db.rows('SELECT v FROM t ORDER BY v')).toEqual([['one'], ['two']])
      await db.transaction(async () => {
        await db.run("INSERT INTO t VALUES ('three')")
        expect(await db.rows('SELECT count(*) FROM t')).toEqual([[3]])
      })
    })
  })

  it('in memory (one private database), reads through the client', async () => {
    await withConnection(':memory:', async (db) => {
      await db.exec('CREATE TEMP TABLE client_only (x)')
      expect(await db.rows('SELECT count(*) FROM temp.client_only')).toEqual([[0]])
      await db.exec('CREATE TABLE t (v TEXT)')
      await db.run("INSERT INTO t VALUES ('m')")
      expect(await db.rows('SELECT v, 2 FROM t')).toEqual([['m', 2]])
    })
  })

  it('a path the client reads as a URL (with ? # or %) reads through the client, the same file', async () => {
    await withConnection(join(dir, 'odd%20name.db'), async (db) => {
      await db.exec('CREATE TEMP TABLE client_only (x)')
      expect(await db.rows('SELECT count(*) FROM temp.client_only')).toEqual([[0]])
    })
  })

  it.each([
    ['on a file (the row reader, one read transaction)', 'together.db'],
    ['in memory (one read batch of the client)', ':memory:'],
    ['on a path the client reads as a URL (one read batch of the client)', 'together%20odd.db'],
  ])(
    'readTogether %s: the rows of each read, every committed write seen, own writes inside a transaction',
    async (_, name) => {
      await withConnection(name === ':memory:' ? name : join(dir, name), async (db) => {
        await db.exec('CREATE TABLE t (v TEXT)')
        await db.run("INSERT INTO t VALUES ('one')")
        const reads = [
          { sql: 'SELECT v FROM t ORDER BY v', args: [] },
          { sql: 'SELECT count(*), ? FROM t', args: ['x'] },
        ]
        expect(await db.readTogether(reads)).toEqual([[['one']], [[1, 'x']]])
        await db.run("INSERT INTO t VALUES ('two')")
        // The read transaction ended: the next reads see the new row.
        expect(await db.readTogether(reads)).toEqual([[['one'], ['two']], [[2, 'x']]])
        await db.transaction(async () => {
          await db.run("INSERT INTO t VALUES ('three')")
          expect((await db.readTogether(reads))[1]).toEqual([[3, 'x']])
        })
      })
    },
  )
})
