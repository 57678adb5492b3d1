/**
 * Probe: where the time of reading a long persisted session goes (driver rows, JSON parsing, event decoding), on
 * SQLite (a temp file) and PostgreSQL (`ADK_FLUENT_TEST_PG_URL`, e.g. from `scripts/pg-test-server.sh`).
 *
 *   cd bench && tsx --expose-gc --conditions=@adk-fluent/source src/probes/session-read.ts [events] [samples]
 *   ADK_FLUENT_PROBE_PROFILE=/tmp/prof tsx --expose-gc --conditions=@adk-fluent/source src/probes/session-read.ts
 *
 * The session is written with the same event shapes as bench scenario K (alternating user / assistant texts, every
 * tenth event with a state delta), inserted in bulk through the drivers (the rows are `encodeEvent`'s JSON, as
 * `appendEvent` writes them). Prints medians (ms, and µs per event) of: the whole `getSession`, the driver reading
 * the event rows alone, `JSON.parse` of every `event_data`, and `decodeEvent` of every parsed event, as wall time and
 * as this process's CPU time (the machine may be shared: CPU time is the steadier number). With
 * `ADK_FLUENT_PROBE_PROFILE=<dir>`, the `getSession` samples of each store (only those: not the setup) are recorded
 * as a V8 CPU profile `<dir>/<store>-getSession.cpuprofile` (open it in Chrome DevTools or speedscope).
 */
import * as core from '@adk-fluent/core'
import { createClient } from '@libsql/client'
import { decodeEvent, encodeEvent, PostgresSessionService, SqliteSessionService } from '@adk-fluent/sessions'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session as InspectorSession } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { historyEventText } from '../history-window.js'
import { collectGarbage, stats } from '../measure.js'

const EVENTS = Number(process.argv[2] ?? 20_000)
const SAMPLES = Number(process.argv[3] ?? 7)
const APP = 'probe'
const USER = 'u'
const pgUrl = process.env['ADK_FLUENT_TEST_PG_URL']
const profileDir = process.env['ADK_FLUENT_PROBE_PROFILE']

/** Runs `work` under the V8 CPU profiler when a profile directory is set; the profile goes to `<dir>/<name>`. */
async function profiled(name: string, work: () => Promise<void>): Promise<void> {
  if (!profileDir) return work()
  const inspector = new InspectorSession()
  inspector.connect()
  await inspector.post('Profiler.enable')
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 })
  await inspector.post('Profiler.start')
  try {
    await work()
  } finally {
    const { profile } = await inspector.post('Profiler.stop')
    mkdirSync(profileDir, { recursive: true })
    writeFileSync(join(profileDir, name), JSON.stringify(profile))
    inspector.disconnect()
  }
}

/** The K scenario's history event `index`, as `appendEvent` would store it. */
function historyRow(index: number, baseSeconds: number) {
  const author = index % 2 === 0 ? 'user' : 'assistant'
  const event = core.createEvent({
    invocationId: `history-${index >> 1}`,
    author,
    timestamp: (baseSeconds + index * 0.001) * 1000,
    content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: historyEventText(index) }] },
    ...(index % 10 === 0 ? { actions: { stateDelta: { progress: index } } } : {}),
  })
  return {
    id: event.id,
    invocationId: event.invocationId,
    timestamp: event.timestamp / 1000,
    data: JSON.stringify(encodeEvent(event)),
  }
}

/** Wall and CPU time (this process: the driver's and our work, not the server's) per sample; medians printed. */
async function median(label: string, run: () => Promise<unknown> | unknown): Promise<void> {
  await run()
  const wall: number[] = []
  const cpu: number[] = []
  for (let index = 0; index < SAMPLES; index++) {
    collectGarbage()
    const start = performance.now()
    const startCpu = process.cpuUsage()
    await run()
    const usedCpu = process.cpuUsage(startCpu)
    wall.push(performance.now() - start)
    cpu.push((usedCpu.user + usedCpu.system) / 1000)
  }
  const { median, min, max } = stats(wall)
  const cpuMedian = stats(cpu).median
  const perEvent = (ms: number) => ((ms * 1000) / EVENTS).toFixed(2).padStart(6)
  console.log(
    `${label.padEnd(44)} wall ${median.toFixed(1).padStart(7)} ms (${min.toFixed(0)}–${max.toFixed(0)}) ${perEvent(median)} µs/event` +
      `  cpu ${cpuMedian.toFixed(1).padStart(7)} ms ${perEvent(cpuMedian)} µs/event`,
  )
}

async function decodeOnly(rows: { id: string; invocation_id: string; ts: number; data: unknown }[]): Promise<void> {
  const parsed = rows.map((row) => (typeof row.data === 'string' ? (JSON.parse(row.data) as object) : row.data))
  await median('JSON.parse of every event_data', () => {
    for (const row of rows) if (typeof row.data === 'string') JSON.parse(row.data)
  })
  await median('decodeEvent of every parsed event', () => {
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index]!
      decodeEvent(parsed[index] as Record<string, unknown>, {
        id: row.id,
        invocationId: row.invocation_id,
        timestampMs: row.ts * 1000,
      })
    }
  })
}

async function probeSqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'adk-probe-'))
  const file = join(dir, 'probe.db')
  const service = new SqliteSessionService(file)
  try {
    const session = await service.createSession({ appName: APP, userId: USER })
    const raw = createClient({ url: `file:${file}`, intMode: 'number' })
    const base = Date.now() / 1000 - EVENTS
    const statements = Array.from({ length: EVENTS }, (_, index) => {
      const row = historyRow(index, base)
      return {
        sql: 'INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data) VALUES (?, ?, ?, ?, ?, ?, ?)',
        args: [row.id, APP, USER, session.id, row.invocationId, row.timestamp, row.data],
      }
    })
    await raw.batch(statements, 'write')
    console.log(`SQLite (${file}), ${EVENTS} events`)
    await profiled('sqlite-getSession.cpuprofile', () =>
      median('getSession (all events)', async () => {
        const read = await service.getSession({ appName: APP, userId: USER, sessionId: session.id })
        if (read?.events.length !== EVENTS) throw new Error(`read ${read?.events.length} events`)
      }),
    )
    const select = {
      sql: `SELECT id, invocation_id, timestamp, event_data FROM events
            WHERE app_name = ? AND user_id = ? AND session_id = ? ORDER BY timestamp DESC, rowid DESC`,
      args: [APP, USER, session.id],
    }
    await median('driver rows (objects)', () => raw.execute(select))
    const result = await raw.execute(select)
    await decodeOnly(
      result.rows.map((row) => ({
        id: row['id'] as string,
        invocation_id: row['invocation_id'] as string,
        ts: row['timestamp'] as number,
        data: row['event_data'],
      })),
    )
    raw.close()
  } finally {
    await service.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function probePostgres(url: string): Promise<void> {
  const schema = `probe_${randomUUID().replace(/-/g, '').slice(0, 10)}`
  const service = new PostgresSessionService({ url, schema })
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema} -c TimeZone=UTC` })
  try {
    const session = await service.createSession({ appName: APP, userId: USER })
    await client.connect()
    const base = Date.now() / 1000 - EVENTS
    const rows = Array.from({ length: EVENTS }, (_, index) => historyRow(index, base))
    await client.query(
      `INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data)
       SELECT id, $1, $2, $3, inv, to_timestamp(ts) AT TIME ZONE 'UTC', data::jsonb
       FROM unnest($4::text[], $5::text[], $6::float8[], $7::text[]) AS t(id, inv, ts, data)`,
      [
        APP,
        USER,
        session.id,
        rows.map((row) => row.id),
        rows.map((row) => row.invocationId),
        rows.map((row) => row.timestamp),
        rows.map((row) => row.data),
      ],
    )
    console.log(`PostgreSQL (${schema}), ${EVENTS} events`)
    await profiled('postgres-getSession.cpuprofile', () =>
      median('getSession (all events)', async () => {
        const read = await service.getSession({ appName: APP, userId: USER, sessionId: session.id })
        if (read?.events.length !== EVENTS) throw new Error(`read ${read?.events.length} events`)
      }),
    )
    const select = `SELECT id, invocation_id, extract(epoch FROM timestamp)::float8 AS ts, event_data AS data FROM events
      WHERE app_name = $1 AND user_id = $2 AND session_id = $3 ORDER BY timestamp DESC`
    await median('driver rows (objects, jsonb parsed by pg)', () => client.query(select, [APP, USER, session.id]))
    await median('driver rows (arrays, jsonb as text)', () =>
      client.query({
        text: select.replace('event_data AS data', 'event_data::text AS data'),
        values: [APP, USER, session.id],
        rowMode: 'array',
      }),
    )
    const result = await client.query(select.replace('event_data AS data', 'event_data::text AS data'), [
      APP,
      USER,
      session.id,
    ])
    await decodeOnly(result.rows)
  } finally {
    await service.close()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined)
    await client.end().catch(() => undefined)
  }
}

await probeSqlite()
if (pgUrl) await probePostgres(pgUrl)
else console.log('PostgreSQL skipped: set ADK_FLUENT_TEST_PG_URL (scripts/pg-test-server.sh start)')
