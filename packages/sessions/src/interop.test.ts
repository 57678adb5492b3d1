import { createClient } from '@libsql/client'
import { AdkFluentError, createEvent, type Session } from '@adk-fluent/core'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pythonSession } from './fixtures/adk-python-rows.js'
import { PostgresSessionService } from './postgres/postgres-session-service.js'
import { SqliteSessionService } from './sqlite/sqlite-session-service.js'
import { freshSchema, pgExec, pgTitle, pgUrl } from './test-databases.test-helper.js'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const statements = (sql: string) =>
  sql
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean)

/** Every field name ADK Python's Event / EventActions / genai types accept where we write them (extra='forbid'). */
const pythonEventKeys = new Set([
  'id',
  'invocation_id',
  'author',
  'branch',
  'timestamp',
  'actions',
  'long_running_tool_ids',
  'content',
  'partial',
  'turn_complete',
  'error_code',
  'error_message',
  'interrupted',
  'custom_metadata',
  'usage_metadata',
  'finish_reason',
  'model_version',
  'grounding_metadata',
  'citation_metadata',
])
const pythonActionKeys = new Set([
  'state_delta',
  'artifact_delta',
  'transfer_to_agent',
  'escalate',
  'skip_summarization',
  'requested_auth_configs',
  'requested_tool_confirmations',
])

function expectPythonReadable(data: Record<string, unknown>): void {
  for (const key of Object.keys(data)) expect(pythonEventKeys, `event_data.${key}`).toContain(key)
  for (const key of Object.keys(data['actions'] as object)) expect(pythonActionKeys, `actions.${key}`).toContain(key)
  expect(typeof data['invocation_id']).toBe('string')
  expect(data['timestamp']).toBeLessThan(1e11)
  expect(JSON.stringify(data)).not.toContain('null')
}

/** What a Python reader sees of the session we read (checked on both layouts). */
function expectPythonSessionRead(session: Session | undefined): void {
  expect(session?.state).toEqual({ topic: 'refunds', nested: { a: 1 }, 'app:tier': 'gold', 'user:name': 'Ann' })
  expect(session?.events.map((event) => event.id)).toEqual(['e1', 'e2'])
  const [first, second] = session?.events ?? []
  expect(first?.timestamp).toBeCloseTo(1795000001500, 0)
  expect(first?.content).toEqual({ role: 'user', parts: [{ text: 'Where is my refund?' }] })
  expect(second?.content?.parts?.[0]?.functionCall).toEqual({
    id: 'c1',
    name: 'look_up_order',
    args: { order_id: 'A-1', filterBy: { createdAt: 1 } },
  })
  expect(second?.content?.parts?.[1]?.inlineData).toEqual({ mimeType: 'image/png', data: 'iVBORw0KGgo+/w==' })
  expect(second?.actions.stateDelta).toEqual({ last_order: 'A-1', someCamelKey: { innerKey: null } })
  expect(second?.actions.transferToAgent).toBeUndefined()
  expect(second?.usageMetadata).toEqual({ promptTokenCount: 10, candidatesTokenCount: 2, totalTokenCount: 12 })
  expect(second?.customMetadata).toEqual({ traceId: 'abc' })
}

describe.skipIf(!pgUrl)(`interop with ADK Python's V1 tables: ${pgTitle}`, () => {
  const schema = freshSchema()
  // describe.skipIf still runs this body while collecting: build the service only when there is a database.
  const service = pgUrl
    ? new PostgresSessionService({ url: pgUrl, schema })
    : (undefined as unknown as PostgresSessionService)
  afterAll(async () => {
    await service.close()
    await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  })

  const snapshot = async () => {
    const result = await pgExec(
      `SELECT 'col ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(character_maximum_length::text, '') AS item
         FROM information_schema.columns WHERE table_schema = '${schema}'
       UNION ALL SELECT 'con ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
         WHERE connamespace = '${schema}'::regnamespace
       UNION ALL SELECT 'idx ' || indexdef FROM pg_indexes WHERE schemaname = '${schema}'
       UNION ALL SELECT 'meta ' || key || '=' || value FROM ${schema}.adk_internal_metadata`,
    )
    return new Set(result.rows.map((row: { item: string }) => row.item.replaceAll(`${schema}.`, '')))
  }

  it('reads a session ADK Python wrote, and opening the database only adds (revision, trigger, lease table)', async () => {
    await pgExec(`CREATE SCHEMA ${schema}`)
    for (const statement of statements(fixture('adk-python-v1-postgres.sql'))) await pgExec(statement, schema)
    const s = pythonSession
    await pgExec(
      `INSERT INTO app_states VALUES ('${s.app}', '${JSON.stringify(s.appState)}', to_timestamp(${s.createTime}) AT TIME ZONE 'UTC');
       INSERT INTO user_states VALUES ('${s.app}', '${s.user}', '${JSON.stringify(s.userState)}', to_timestamp(${s.createTime}) AT TIME ZONE 'UTC');
       INSERT INTO sessions VALUES ('${s.app}', '${s.user}', '${s.id}', '${JSON.stringify(s.state)}',
         to_timestamp(${s.createTime}) AT TIME ZONE 'UTC', to_timestamp(${s.events[1].timestamp}) AT TIME ZONE 'UTC');
       ${s.events
         .map(
           (event) =>
             `INSERT INTO events VALUES ('${event.id}', '${s.app}', '${s.user}', '${s.id}', '${event.invocation_id}',
               to_timestamp(${event.timestamp}) AT TIME ZONE 'UTC', '${JSON.stringify(event.data)}');`,
         )
         .join('\n')}`,
      schema,
    )
    const before = await snapshot()
    const session = await service.getSession({ appName: s.app, userId: s.user, sessionId: s.id })
    expectPythonSessionRead(session)
    const after = await snapshot()
    for (const item of before) expect(after, 'nothing ADK created is altered or dropped').toContain(item)
    const added = [...after].filter((item) => !before.has(item))
    for (const item of added) expect(item).toMatch(/revision|adk_session_leases/)
    expect(added).toContain('col sessions.revision bigint NO ')
    const trigger = await pgExec(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = '${schema}.sessions'::regclass AND NOT tgisinternal`,
    )
    expect(trigger.rows.map((row: { tgname: string }) => row.tgname)).toEqual(['sessions_bump_revision'])
  })

  it('writes rows a Python reader accepts, and a foreign (Python-style) update makes our view stale', async () => {
    const s = pythonSession
    const session = (await service.getSession({ appName: s.app, userId: s.user, sessionId: s.id })) as Session
    const event = createEvent({
      invocationId: 'inv-2',
      author: 'support_agent',
      content: { role: 'model', parts: [{ text: 'Refunded.' }] },
      actions: { stateDelta: { refunded: true, 'user:last_refund': 'A-1', 'temp:scratch': 1 } },
    })
    await service.appendEvent({ session, event })
    const row = await pgExec(
      `SELECT event_data, invocation_id, extract(epoch FROM timestamp)::float8 AS ts FROM events WHERE id = '${event.id}'`,
      schema,
    )
    const stored = row.rows[0] as { event_data: Record<string, unknown>; invocation_id: string; ts: number }
    expectPythonReadable(stored.event_data)
    expect(stored.event_data['actions']).toMatchObject({ state_delta: { refunded: true, 'user:last_refund': 'A-1' } })
    expect(stored.ts).toBeGreaterThan(s.events[1].timestamp)
    const user = await pgExec(
      `SELECT state FROM user_states WHERE app_name = '${s.app}' AND user_id = '${s.user}'`,
      schema,
    )
    expect(user.rows[0]).toEqual({ state: { name: 'Ann', last_refund: 'A-1' } })
    // ADK Python appends the way it always does: UPDATE sessions SET state, update_time (it knows no revision).
    await pgExec(`UPDATE sessions SET update_time = update_time + interval '1 second' WHERE id = '${s.id}'`, schema)
    let error: unknown
    await service
      .appendEvent({ session, event: createEvent({ invocationId: 'inv-3', author: 'a' }) })
      .catch((caught: unknown) => (error = caught))
    expect(AdkFluentError.isInstance(error) && error.code).toBe('SESSION_STALE')
  })

  it('refuses a V0 (pickled) database with the migration command', async () => {
    const v0 = freshSchema()
    await pgExec(`CREATE SCHEMA ${v0}`)
    await pgExec(`CREATE TABLE events (id VARCHAR(128) PRIMARY KEY, actions BYTEA, timestamp TIMESTAMP)`, v0)
    const old = new PostgresSessionService({ url: pgUrl as string, schema: v0 })
    try {
      await expect(old.getSession({ appName: 'a', userId: 'u', sessionId: 's' })).rejects.toThrow(
        /V0 \(pickled\).*adk migrate upgrade/s,
      )
      const tables = await pgExec(`SELECT table_name FROM information_schema.tables WHERE table_schema = '${v0}'`)
      expect(tables.rows).toEqual([{ table_name: 'events' }])
    } finally {
      await old.close()
      await pgExec(`DROP SCHEMA ${v0} CASCADE`)
    }
  })
})

describe("interop with ADK Python's SqliteSessionService file", () => {
  const dir = mkdtempSync(join(tmpdir(), 'adk-interop-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads a file ADK Python wrote, writes rows it accepts, only adds to its schema, and sees its updates', async () => {
    const file = join(dir, 'python.db')
    const raw = createClient({ url: `file:${file}` })
    for (const statement of statements(fixture('adk-python-sqlite.sql'))) await raw.execute(statement)
    const s = pythonSession
    await raw.execute({
      sql: 'INSERT INTO app_states VALUES (?, ?, ?)',
      args: [s.app, JSON.stringify(s.appState), s.createTime],
    })
    await raw.execute({
      sql: 'INSERT INTO user_states VALUES (?, ?, ?, ?)',
      args: [s.app, s.user, JSON.stringify(s.userState), s.createTime],
    })
    await raw.execute({
      sql: 'INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)',
      args: [s.app, s.user, s.id, JSON.stringify(s.state), s.createTime, s.events[1].timestamp],
    })
    for (const event of s.events) {
      await raw.execute({
        sql: 'INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)',
        args: [event.id, s.app, s.user, s.id, event.invocation_id, event.timestamp, JSON.stringify(event.data)],
      })
    }
    const schemaOf = async () =>
      new Set(
        (
          await raw.execute(`SELECT type || ' ' || name || ' ' || coalesce(sql, '') AS item FROM sqlite_master`)
        ).rows.map((row) => String(row['item'])),
      )
    const before = await schemaOf()
    const service = new SqliteSessionService(file)
    try {
      const session = (await service.getSession({ appName: s.app, userId: s.user, sessionId: s.id })) as Session
      expectPythonSessionRead(session)
      const after = await schemaOf()
      const changed = [...before].filter((item) => !after.has(item))
      // SQLite rewrites a table's stored CREATE text when a column is added: only `sessions` may change, by `revision`.
      expect(changed.map((item) => item.split(' ')[1])).toEqual(['sessions'])
      const sessionsNow = [...after].find((item) => item.startsWith('table sessions '))
      expect(sessionsNow).toContain('revision INTEGER NOT NULL DEFAULT 0')
      const added = [...after].filter((item) => !before.has(item)).map((item) => item.split(' ').slice(0, 2).join(' '))
      expect(added.sort()).toEqual(
        [
          'index idx_events_app_user_session_ts',
          'index sqlite_autoindex_adk_session_leases_1',
          'table adk_session_leases',
          'table sessions',
          'trigger sessions_bump_revision',
        ].sort(),
      )
      const event = createEvent({
        invocationId: 'inv-2',
        author: 'a',
        content: { role: 'model', parts: [{ text: 'ok' }] },
        actions: { stateDelta: { done: true } },
      })
      await service.appendEvent({ session, event })
      const row = (
        await raw.execute({ sql: 'SELECT event_data, timestamp FROM events WHERE id = ?', args: [event.id] })
      ).rows[0]
      expectPythonReadable(JSON.parse(String(row?.['event_data'])) as Record<string, unknown>)
      expect(Number(row?.['timestamp'])).toBeGreaterThan(s.events[1].timestamp)
      // ADK Python's append: UPDATE sessions SET state = ..., update_time = ? (no revision): our view is now stale.
      await raw.execute({ sql: 'UPDATE sessions SET update_time = update_time + 1 WHERE id = ?', args: [s.id] })
      let error: unknown
      await service
        .appendEvent({ session, event: createEvent({ invocationId: 'inv-3', author: 'a' }) })
        .catch((caught: unknown) => (error = caught))
      expect(AdkFluentError.isInstance(error) && error.code).toBe('SESSION_STALE')
    } finally {
      await service.close()
      raw.close()
    }
  })

  it('refuses a V0 (pickled) file with the migration command', async () => {
    const file = join(dir, 'v0.db')
    const raw = createClient({ url: `file:${file}` })
    await raw.execute('CREATE TABLE events (id TEXT PRIMARY KEY, actions BLOB, timestamp DATETIME)')
    raw.close()
    const service = new SqliteSessionService(file)
    try {
      await expect(service.listSessions({ appName: 'a' })).rejects.toThrow(
        /V0 \(pickled\).*migrate_from_sqlalchemy_sqlite/s,
      )
    } finally {
      await service.close()
    }
  })
})
