/**
 * Probe: the cost of `appendEvent` and of a short conversation on each session store (in memory, SQLite on a temp
 * file, PostgreSQL when `ADK_FLUENT_TEST_PG_URL` is set), to compare a change to the stores before and after.
 *
 *   cd bench && tsx --expose-gc --conditions=@adk-fluent/source src/probes/session-append.ts [samples]
 *
 * Rows (medians over the samples, with min–max; wall time and this process's CPU time — the machine may be shared:
 * CPU time is the steadier number):
 * - append: µs per `appendEvent` over one sample of appends to a fresh session through its view (one event in
 *   three with a state delta, one in ten with an `app:`/`user:` key), the way a runner appends;
 * - 10-turn run: ms for ten `runAsync` turns of one `LlmAgent` on a `ScriptedLlm` (a text answer each), on one
 *   session created for the sample.
 */
import * as core from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { PostgresSessionService, SqliteSessionService } from '@adk-fluent/sessions'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { collectGarbage, stats } from '../measure.js'

const SAMPLES = Number(process.argv[2] ?? 9)
const pgUrl = process.env['ADK_FLUENT_TEST_PG_URL']

type Store = core.BaseSessionService & { close?(): Promise<void> }

interface Timing {
  readonly wall: number
  readonly cpu: number
}

async function timed(work: () => Promise<void>): Promise<Timing> {
  collectGarbage()
  const cpu = process.cpuUsage()
  const start = performance.now()
  await work()
  const wall = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { wall, cpu: (used.user + used.system) / 1000 }
}

function event(index: number): core.Event {
  const stateDelta: Record<string, unknown> =
    index % 10 === 0 ? { 'app:seen': index, 'user:last': index, n: index } : index % 3 === 0 ? { n: index } : {}
  return core.createEvent({
    invocationId: `inv-${index >> 1}`,
    author: index % 2 === 0 ? 'user' : 'assistant',
    // One millisecond apart, as events of a conversation are (events sharing a millisecond cost a re-append check more).
    timestamp: Date.now() + index,
    content: { role: index % 2 === 0 ? 'user' : 'model', parts: [{ text: `message ${index}` }] },
    actions: { stateDelta },
  })
}

async function appendRow(store: Store, appends: number): Promise<Timing[]> {
  const timings: Timing[] = []
  for (let sample = -2; sample < SAMPLES; sample++) {
    const session = await store.createSession({ appName: 'probe', userId: `u${sample + 2}` })
    const events = Array.from({ length: appends }, (_, index) => event(index))
    const timing = await timed(async () => {
      for (const item of events) await store.appendEvent({ session, event: item })
    })
    if (sample >= 0) timings.push({ wall: (timing.wall * 1000) / appends, cpu: (timing.cpu * 1000) / appends })
  }
  return timings
}

async function turnsRow(store: Store, turns: number): Promise<Timing[]> {
  const timings: Timing[] = []
  for (let sample = -2; sample < SAMPLES; sample++) {
    const model = new ScriptedLlm(Array.from({ length: turns }, (_, index) => `answer ${index}`))
    const agent = new core.LlmAgent({ name: 'assistant', model, instruction: 'Answer.', outputKey: 'last' })
    const runner = new core.Runner({ appName: 'probe_run', agent, sessionService: store })
    const session = await store.createSession({ appName: 'probe_run', userId: 'u' })
    const timing = await timed(async () => {
      for (let turn = 0; turn < turns; turn++) {
        for await (const _ of runner.runAsync({
          userId: 'u',
          sessionId: session.id,
          newMessage: { role: 'user', parts: [{ text: `question ${turn}` }] },
        })) {
          // the runner stores each event
        }
      }
    })
    if (sample >= 0) timings.push(timing)
  }
  return timings
}

function line(name: string, timings: Timing[], unit: string): string {
  const wall = stats(timings.map((timing) => timing.wall))
  const cpu = stats(timings.map((timing) => timing.cpu))
  const f = (value: number) => value.toFixed(unit === 'µs' ? 1 : 2)
  return `${name.padEnd(44)} wall ${f(wall.median)} ${unit} (${f(wall.min)}–${f(wall.max)})  cpu ${f(cpu.median)} ${unit}`
}

async function probe(label: string, open: () => Store, appends: number): Promise<void> {
  const store = open()
  try {
    process.stdout.write(`${line(`${label}: append (${appends} per sample)`, await appendRow(store, appends), 'µs')}\n`)
    process.stdout.write(`${line(`${label}: 10-turn run`, await turnsRow(store, 10), 'ms')}\n`)
  } finally {
    await store.close?.()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'adk-append-probe-'))
try {
  await probe('in memory', () => new core.InMemorySessionService(), 2000)
  await probe('SQLite', () => new SqliteSessionService(join(dir, 'sessions.db')), 300)
  if (pgUrl) {
    const schema = `probe_${process.pid}`
    await probe('PostgreSQL', () => new PostgresSessionService({ url: pgUrl, schema }), 300)
    const { default: pg } = await import('pg')
    const client = new pg.Client(pgUrl)
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  } else process.stdout.write('PostgreSQL: skipped (set ADK_FLUENT_TEST_PG_URL)\n')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
