import { AdkFluentError, createEvent, type Event } from '@adk-fluent/core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshSchema, pgExec, pgTitle, pgUrl } from '../test-databases.test-helper.js'
import type { PgPoolLike } from './pg-store.js'
import type { PgQueryable } from './postgres-schema.js'
import { PostgresSessionService } from './postgres-session-service.js'
import { pgSql } from './postgres-sql.js'

/** Around each append statement (the one-statement write): `before` and `after` run other sessions' work. */
interface AppendHooks {
  before?: (() => Promise<void>) | undefined
  after?: (() => Promise<void>) | undefined
}

function hookedPool(pool: pg.Pool, hooks: AppendHooks, counter: { appends: number }): PgPoolLike {
  const query = (async (text: string, values: unknown[] = []) => {
    if (text !== pgSql.append) return pool.query(text, values)
    counter.appends++
    await hooks.before?.()
    const result = await pool.query(text, values)
    await hooks.after?.()
    return result
  }) as PgQueryable['query']
  return { query, connect: () => pool.connect(), end: () => pool.end() }
}

const event = (): Event => createEvent({ invocationId: 'inv', author: 'agent', actions: { stateDelta: { n: 1 } } })
const dropLeases = (schema: string) => pgExec('DELETE FROM adk_session_leases', schema).then(() => undefined)

describe.skipIf(!pgUrl)(`PostgreSQL: an append that races a lease changing hands: ${pgTitle}`, () => {
  const schema = freshSchema()
  let pool: pg.Pool
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: pgUrl, options: `-c TimeZone=UTC -c search_path=${schema}`, max: 4 })
  })
  afterAll(async () => {
    await pool.end()
    await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  })

  it('a write refused by a lease given back before the facts are read is made on the next try, not called stale', async () => {
    const hooks: AppendHooks = {}
    const counter = { appends: 0 }
    const service = new PostgresSessionService({ pool: hookedPool(pool, hooks, counter), schema })
    const session = await service.createSession({ appName: 'race', userId: 'u' })
    const at = { appName: 'race', userId: 'u', sessionId: session.id }
    expect(await service.acquireLease({ ...at, owner: 'other', ttlMs: 30_000 })).toBeDefined()
    // The other run gives the session back between our refused write and the read of why it was refused.
    hooks.after = async () => {
      hooks.after = undefined
      await dropLeases(schema)
    }
    await service.appendEvent({ session, event: event() })
    expect(counter.appends).toBe(2)
    expect(session.revision).toBe(1)
    const stored = await service.getSession(at)
    expect(stored?.events).toHaveLength(1)
    expect(stored?.state).toEqual({ n: 1 })
  })

  it('a session taken and given back by other runs around every try is busy after three tries, with nothing written', async () => {
    const hooks: AppendHooks = {}
    const counter = { appends: 0 }
    const service = new PostgresSessionService({ pool: hookedPool(pool, hooks, counter), schema })
    const session = await service.createSession({ appName: 'race', userId: 'u' })
    const at = { appName: 'race', userId: 'u', sessionId: session.id }
    let runs = 0
    hooks.before = async () => {
      await service.acquireLease({ ...at, owner: `other-${++runs}`, ttlMs: 30_000 })
    }
    hooks.after = () => dropLeases(schema)
    const error = await service.appendEvent({ session, event: event() }).catch((caught: unknown) => caught)
    expect(AdkFluentError.isInstance(error) && error.code).toBe('SESSION_BUSY')
    expect(counter.appends).toBe(3)
    expect((await service.getSession(at))?.revision).toBe(0)
  })
})
