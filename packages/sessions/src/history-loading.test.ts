import {
  LlmAgent,
  Runner,
  createEvent,
  type BaseSessionService,
  type ReadonlyContext,
  type Session,
} from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PgQueryable } from './postgres/postgres-schema.js'
import { PostgresSessionService, type PgPoolLike } from './postgres/postgres-session-service.js'
import { SqliteConnection } from './sqlite/sqlite-connection.js'
import { SqliteSessionService } from './sqlite/sqlite-session-service.js'
import { freshSchema, pgExec, pgTitle, pgUrl } from './test-databases.test-helper.js'

// A turn of an agent that sees no history (includeContents 'none') or a window of turns (what fluent's C.window(n)
// lowers to: includeContents 'none' + historyTurns n + an instruction provider) loads only the tail it needs from
// the database; 'default' loads the whole session (the control that shows the counting sees every row).

const app = 'loading'
const user = 'u'
const HISTORY = 1200 // events: 600 user turns and 600 answers
const WINDOW = 5

type Variant = 'default' | 'none' | 'window'

/** What one turn did in the database. */
interface TurnReads {
  /** Statements run (reads and writes). */
  readonly statements: number
  /** Event rows the database handed to the process. */
  readonly eventRowsLoaded: number
  /** The model request's contents and system instruction. */
  readonly contents: number
  readonly instruction: string
}

function agentFor(variant: Variant, llm: ScriptedLlm): LlmAgent {
  if (variant === 'default') return new LlmAgent({ name: 'bot', model: llm, instruction: 'Answer.' })
  if (variant === 'none')
    return new LlmAgent({ name: 'bot', model: llm, instruction: 'Answer.', includeContents: 'none' })
  return new LlmAgent({
    name: 'bot',
    model: llm,
    includeContents: 'none',
    historyTurns: WINDOW,
    instruction: (context: ReadonlyContext) => {
      const users = context.invocationContext.session.events.filter((event) => event.author === 'user')
      return `Last turns: ${users
        .slice(-(WINDOW + 1))
        .map((event) => event.content?.parts?.[0]?.text)
        .join(' | ')}`
    },
  })
}

async function fillHistory(service: BaseSessionService, sessionId: string): Promise<void> {
  let session = (await service.getSession({ appName: app, userId: user, sessionId })) as Session
  for (let index = 0; index < HISTORY; index++) {
    const author = index % 2 === 0 ? 'user' : 'bot'
    const event = createEvent({
      invocationId: `h${index >> 1}`,
      author,
      content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: `${author} ${index >> 1}` }] },
    })
    await service.appendEvent({ session, event })
    if (index % 100 === 99) session = { ...session, events: [] }
  }
}

async function runTurn(
  service: BaseSessionService,
  sessionId: string,
  variant: Variant,
  text: string,
): Promise<{ contents: number; instruction: string }> {
  const llm = new ScriptedLlm(['ok'])
  const runner = new Runner({ appName: app, agent: agentFor(variant, llm), sessionService: service })
  for await (const _ of runner.runAsync({ userId: user, sessionId, newMessage: { role: 'user', parts: [{ text }] } }))
    void _
  const request = llm.requests[0]
  return { contents: request?.contents.length ?? 0, instruction: String(request?.config.systemInstruction ?? '') }
}

/** The checks every store passes: bounded loads for 'none' and the window, everything for 'default'. */
function expectBoundedLoads(reads: Record<Variant, TurnReads>): void {
  // 'none': the first tail read (16 events) already holds an earlier user turn.
  expect(reads.none.eventRowsLoaded).toBeLessThanOrEqual(16)
  expect(reads.none.contents).toBe(1)
  // window(5): one tail of 16 × (5 + 1) events holds more than 5 user turns.
  expect(reads.window.eventRowsLoaded).toBeLessThanOrEqual(96)
  expect(reads.window.contents).toBe(1)
  expect(reads.window.instruction).toContain('user 599 | none turn | window turn')
  // The control: 'default' loads every stored event (the history and the earlier turns of this test).
  expect(reads.default.eventRowsLoaded).toBeGreaterThanOrEqual(HISTORY)
  expect(reads.default.contents).toBeGreaterThanOrEqual(HISTORY)
  // A turn is a handful of statements whatever the session's length (lease, reads, appends, release).
  for (const variant of ['none', 'window', 'default'] as const) expect(reads[variant].statements).toBeLessThan(20)
}

describe('a turn loads only the history its agent sees: SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adk-loading-'))
  const service = new SqliteSessionService(join(dir, 'sessions.db'))
  const log: { sql: string; rows: number }[] = []
  afterAll(async () => {
    await service.close()
    rmSync(dir, { recursive: true, force: true })
  })
  afterEach(() => vi.restoreAllMocks())

  it(
    "counts the event rows each statement returns: 'none' and a window read a short tail",
    { timeout: 120_000 },
    async () => {
      const { id } = await service.createSession({ appName: app, userId: user, sessionId: 's' })
      await fillHistory(service, id)
      const all = SqliteConnection.prototype.all
      vi.spyOn(SqliteConnection.prototype, 'all').mockImplementation(async function (
        this: SqliteConnection,
        sql: string,
        args?: (string | number | bigint | null)[],
      ) {
        const rows = await all.call(this, sql, args)
        log.push({ sql, rows: rows.length })
        return rows
      })
      const rows = SqliteConnection.prototype.rows
      vi.spyOn(SqliteConnection.prototype, 'rows').mockImplementation(async function (
        this: SqliteConnection,
        sql: string,
        args?: (string | number | bigint | null)[],
      ) {
        const result = await rows.call(this, sql, args)
        log.push({ sql, rows: result.length })
        return result
      })
      const together = SqliteConnection.prototype.readTogether
      vi.spyOn(SqliteConnection.prototype, 'readTogether').mockImplementation(async function (
        this: SqliteConnection,
        reads: { sql: string; args: (string | number | bigint | null)[] }[],
      ) {
        const results = await together.call(this, reads)
        reads.forEach(({ sql }, index) => log.push({ sql, rows: results[index]?.length ?? 0 }))
        return results
      })
      const run = SqliteConnection.prototype.run
      vi.spyOn(SqliteConnection.prototype, 'run').mockImplementation(async function (
        this: SqliteConnection,
        sql: string,
        args?: (string | number | bigint | null)[],
      ) {
        log.push({ sql, rows: 0 })
        return run.call(this, sql, args)
      })
      const reads = {} as Record<Variant, TurnReads>
      for (const variant of ['none', 'window', 'default'] as const) {
        log.length = 0
        const request = await runTurn(service, id, variant, `${variant} turn`)
        const eventReads = log.filter((entry) => /SELECT[\s\S]*event_data[\s\S]*FROM events/.test(entry.sql))
        reads[variant] = {
          statements: log.length,
          eventRowsLoaded: eventReads.reduce((sum, entry) => sum + entry.rows, 0),
          ...request,
        }
      }
      expectBoundedLoads(reads)

      // Every statement that touches events goes through an index (no full scan of the table).
      vi.restoreAllMocks()
      log.length = 0
      vi.spyOn(SqliteConnection.prototype, 'all').mockImplementation(async function (
        this: SqliteConnection,
        sql: string,
        args?: (string | number | bigint | null)[],
      ) {
        log.push({ sql, rows: 0 })
        return all.call(this, sql, args)
      })
      vi.spyOn(SqliteConnection.prototype, 'rows').mockImplementation(async function (
        this: SqliteConnection,
        sql: string,
        args?: (string | number | bigint | null)[],
      ) {
        log.push({ sql, rows: 0 })
        return rows.call(this, sql, args)
      })
      vi.spyOn(SqliteConnection.prototype, 'readTogether').mockImplementation(async function (
        this: SqliteConnection,
        reads: { sql: string; args: (string | number | bigint | null)[] }[],
      ) {
        for (const { sql } of reads) log.push({ sql, rows: 0 })
        return together.call(this, reads)
      })
      await runTurn(service, id, 'window', 'plan turn')
      vi.restoreAllMocks()
      const statements = [...new Set(log.map((entry) => entry.sql).filter((sql) => /FROM events/.test(sql)))]
      expect(statements.length).toBeGreaterThan(0)
      const connection = await SqliteConnection.open(join(dir, 'sessions.db'))
      try {
        for (const sql of statements) {
          const args = Array.from(sql.matchAll(/\?/g), () => null)
          const plan = await connection.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, args)
          expect(plan.map((row) => row.detail).join('; ')).toMatch(
            /SEARCH events USING (INDEX|PRIMARY KEY|COVERING INDEX)/,
          )
          expect(plan.map((row) => row.detail).join('; ')).not.toMatch(/SCAN events\b/)
        }
      } finally {
        connection.close()
      }
    },
  )
})

/** A `pg` pool that records every statement it runs (pool queries and checked-out clients alike). */
function recordingPool(pool: pg.Pool, log: { text: string; values: unknown[]; rows: Record<string, unknown>[] }[]) {
  const record = (target: PgQueryable): PgQueryable['query'] =>
    (async (text: string, values: unknown[] = []) => {
      const result = await target.query(text, values)
      log.push({ text, values, rows: result.rows as Record<string, unknown>[] })
      return result
    }) as PgQueryable['query']
  const wrapper: PgPoolLike = {
    query: record(pool),
    async connect() {
      const client = await pool.connect()
      return { query: record(client), release: (error?: Error | boolean) => client.release(error) }
    },
    end: () => pool.end(),
  }
  return wrapper
}

interface PlanNode {
  'Relation Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  Plans?: PlanNode[]
}

function eventRowsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'events' ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0
  return own + (node.Plans ?? []).reduce((sum, child) => sum + eventRowsRead(child), 0)
}

describe.skipIf(!pgUrl)(`a turn loads only the history its agent sees: ${pgTitle}`, () => {
  const schema = freshSchema()
  let pool: pg.Pool
  let service: PostgresSessionService
  const log: { text: string; values: unknown[]; rows: Record<string, unknown>[] }[] = []
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: pgUrl, options: `-c TimeZone=UTC -c search_path=${schema}`, max: 4 })
    service = new PostgresSessionService({ pool: recordingPool(pool, log), schema })
  })
  afterAll(async () => {
    await service.close()
    await pool.end()
    await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  })

  it(
    "counts the event rows PostgreSQL reads and returns: 'none' and a window read a short tail",
    { timeout: 120_000 },
    async () => {
      const { id } = await service.createSession({ appName: app, userId: user, sessionId: 's' })
      await fillHistory(service, id)
      await pgExec('ANALYZE events', schema)
      const reads = {} as Record<Variant, TurnReads & { eventRowsRead: number }>
      for (const variant of ['none', 'window', 'default'] as const) {
        log.length = 0
        const request = await runTurn(service, id, variant, `${variant} turn`)
        const turnLog = [...log]
        const eventReads = turnLog.filter((entry) => /^\s*SELECT[\s\S]*event_data[\s\S]*FROM events/.test(entry.text))
        let eventRowsRead = 0
        for (const entry of eventReads) {
          // The same read again, measured by the executor: rows it took from the events table.
          const explained = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${entry.text}`,
            entry.values,
          )
          eventRowsRead += eventRowsReadOf(explained.rows[0]?.['QUERY PLAN'][0]?.Plan)
        }
        reads[variant] = {
          statements: turnLog.length,
          // getSession's rows: the session row (kind 0), then one row per event (kind 1).
          eventRowsLoaded: eventReads.reduce(
            (sum, entry) => sum + entry.rows.filter((row) => row['kind'] === 1).length,
            0,
          ),
          eventRowsRead,
          ...request,
        }
      }
      expectBoundedLoads(reads)
      expect(reads.none.eventRowsRead).toBeLessThanOrEqual(16)
      expect(reads.window.eventRowsRead).toBeLessThanOrEqual(96)
      expect(reads.default.eventRowsRead).toBeGreaterThanOrEqual(HISTORY)
    },
  )
})

function eventRowsReadOf(plan: PlanNode | undefined): number {
  if (!plan) throw new Error('EXPLAIN returned no plan')
  return eventRowsRead(plan)
}
