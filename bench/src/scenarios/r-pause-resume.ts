import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import {
  InMemorySessionService,
  Runner,
  answerInterrupts,
  listPendingInterrupts,
  type BaseSessionService,
  type Event,
} from '@adk-fluent/core'
import { PostgresSessionService, SqliteSessionService } from '@adk-fluent/sessions'
import type { BenchConfig } from '../bench-config.js'
import { stats } from '../measure.js'
import { benchDir, repoRoot } from '../paths.js'
import { formatNumber, type ResultRow } from '../report.js'
import { FINAL_TEXT, PAUSE_TEXT, PLAIN_TEXT, R_APP, R_USER, pauseResumeApp } from '../pause-resume-tree.js'

const pgUrl = process.env['ADK_FLUENT_BENCH_PG_URL'] ?? process.env['ADK_FLUENT_TEST_PG_URL']

/** The 95th percentile (nearest rank). */
export function p95(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] as number
}

/** Samples of one store: the plain turn, the turn that pauses, the resume, and pause + resume minus the plain turn. */
export interface PauseSamples {
  plain: number[]
  pause: number[]
  resume: number[]
  extra: number[]
  /** The inbox read alone (the first part of `resume`). */
  inbox?: number[]
}

async function drain(events: AsyncGenerator<Event, void, undefined>): Promise<string> {
  let last = ''
  for await (const event of events) last = event.content?.parts?.[0]?.text ?? last
  return last
}

/**
 * Plain turns and pause + resume cycles on one store, alternately, each on a fresh session (created outside the
 * timing). The resume is what another process does: read the session's inbox, answer it (`answerInterrupts`), run to
 * the model's answer.
 */
async function measureStore(store: BaseSessionService, warmup: number, samples: number): Promise<PauseSamples> {
  const { app, paid } = pauseResumeApp(warmup + samples + 2)
  const runner = new Runner({ app, sessionService: store })
  const out: PauseSamples & { inbox: number[] } = { plain: [], pause: [], resume: [], extra: [], inbox: [] }
  const message = (text: string) => ({ role: 'user', parts: [{ text }] })
  for (let index = 0; index < warmup + samples; index++) {
    const plainSession = await store.createSession({ appName: R_APP, userId: R_USER })
    const pausedSession = await store.createSession({ appName: R_APP, userId: R_USER })
    const before = paid()
    let start = performance.now()
    const plainText = await drain(
      runner.runAsync({ userId: R_USER, sessionId: plainSession.id, newMessage: message(PLAIN_TEXT) }),
    )
    const plain = performance.now() - start
    start = performance.now()
    await drain(runner.runAsync({ userId: R_USER, sessionId: pausedSession.id, newMessage: message(PAUSE_TEXT) }))
    const pause = performance.now() - start
    const paidBeforeAnswer = paid()
    start = performance.now()
    const at = { appName: R_APP, userId: R_USER, sessionId: pausedSession.id }
    const [approval] = await listPendingInterrupts(store, at)
    const inbox = performance.now() - start
    const resumedText = await drain(
      answerInterrupts(runner, { userId: R_USER, sessionId: pausedSession.id, answers: { [approval!.id]: true } }),
    )
    const resume = performance.now() - start
    // The same work on both sides: one payment each, the model's answer after it; nothing paid before approval.
    if (
      plainText !== FINAL_TEXT ||
      resumedText !== FINAL_TEXT ||
      paidBeforeAnswer !== before + 1 ||
      paid() !== before + 2
    )
      throw new Error(`R: unexpected run (plain "${plainText}", resumed "${resumedText}", paid ${paid() - before})`)
    await store.deleteSession({ appName: R_APP, userId: R_USER, sessionId: plainSession.id })
    await store.deleteSession(at)
    if (index < warmup) continue
    out.plain.push(plain)
    out.pause.push(pause)
    out.resume.push(resume)
    out.extra.push(pause + resume - plain)
    out.inbox.push(inbox)
  }
  return out
}

/** The durable rows' samples, from durable-pause-child.ts (DBOS is one engine per process). */
function durableSamples(runs: number): PauseSamples & { endToEnd: PauseSamples } {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=@adk-fluent/source',
      join(benchDir, 'src', 'durable-pause-child.ts'),
      pgUrl as string,
      String(runs),
    ],
    { cwd: repoRoot, encoding: 'utf8', timeout: 600_000 },
  )
  const line = (result.stdout ?? '').trim().split('\n').pop() ?? ''
  if (result.status !== 0 || !line.startsWith('{'))
    throw new Error(`durable-pause-child failed: ${(result.stderr ?? '').trim().slice(-800)}`)
  return JSON.parse(line) as PauseSamples & { endToEnd: PauseSamples }
}

const summary = (samples: readonly number[]) =>
  `median ${formatNumber(stats(samples).median)} ms, p95 ${formatNumber(p95(samples))} ms`

function rowsOf(label: string, samples: PauseSamples, what: string, resumeWhat?: string): ResultRow[] {
  const row = (name: string, values: number[], note: string, target?: ResultRow['target']): ResultRow => ({
    scenario: 'R',
    name: `${label}: ${name}`,
    unit: 'ms',
    ours: stats(values),
    note: `R (${label}): ${note} p95 ${formatNumber(p95(values))} ms over ${values.length} samples.`,
    ...(target ? { target } : {}),
  })
  return [
    row('plain turn (call → tool → answer), the anchor', samples.plain, `${what}.`),
    row('turn that pauses (call → approval asked)', samples.pause, 'the same turn up to the pause.'),
    row(
      'resume (inbox read + answerInterrupts: tool → answer)',
      samples.resume,
      resumeWhat ??
        `another runner reads the session's pending interrupts (${summary(samples.inbox ?? [])} of it) and answers the approval with answerInterrupts; the run goes on to the model's answer.`,
    ),
    row(
      'pause + resume over the plain turn (paired difference)',
      samples.extra,
      `(pause turn + resume) minus the plain turn next to it: what a pause costs beyond doing the turn at once.`,
    ),
  ]
}

/** A p95 row (a single figure: the 95th percentile of the resume samples), with the target. */
function p95Row(label: string, samples: PauseSamples, max: number): ResultRow {
  const value = p95(samples.resume)
  return {
    scenario: 'R',
    name: `${label}: resume p95`,
    unit: 'ms',
    ours: { median: value, min: value, max: value, samples: samples.resume.length },
    target: { kind: 'absolute', max },
    note: `R (${label}): the tail of the resume against the tail of the plain turn it completes, in the same run: plain turn p95 ${formatNumber(p95(samples.plain))} ms, resume p95 ${formatNumber(value)} ms (fastest resume ${formatNumber(Math.min(...samples.resume))} ms). On a loaded machine the tail is the scheduler's; the load average is in the provenance note.`,
  }
}

/**
 * The cost of a pause for approval and its resume over the same turn done at once (a tool call that needs no
 * approval), on each session store, and in a durable run.
 */
export async function runPauseResume(config: BenchConfig): Promise<ResultRow[]> {
  const warmup = config.quick ? 2 : 20
  const rows: ResultRow[] = []
  const memory = await measureStore(new InMemorySessionService(), warmup, config.quick ? 5 : 300)
  rows.push(...rowsOf('in memory', memory, 'InMemorySessionService, resumable App, zero-latency scripted model'))
  const dir = mkdtempSync(join(tmpdir(), 'bench-r-'))
  try {
    const sqlite = new SqliteSessionService(join(dir, 'r.db'))
    const samples = await measureStore(sqlite, warmup, config.quick ? 5 : 200)
    await sqlite.close()
    rows.push(...rowsOf('SQLite', samples, 'SqliteSessionService on a file (leases, one transaction per append)'))
    rows.push(p95Row('SQLite', samples, 20))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  if (!pgUrl) {
    rows.push({ scenario: 'R', name: 'PostgreSQL and durable rows', unit: 'ms', note: 'R: skipped (no PostgreSQL).' })
    return rows
  }
  const schema = `bench_r_${randomUUID().replace(/-/g, '').slice(0, 10)}`
  const postgres = new PostgresSessionService({ url: pgUrl, schema })
  try {
    const samples = await measureStore(postgres, warmup, config.quick ? 5 : 150)
    rows.push(...rowsOf('PostgreSQL', samples, 'PostgresSessionService on the local server (leases included)'))
  } finally {
    await postgres.close()
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  }
  const durable = durableSamples(config.quick ? 3 : 40)
  const e2e = durable.endToEnd
  rows.push(
    ...rowsOf(
      'durable run',
      durable,
      'DurableRunner on PostgreSQL (sessions in PostgresSessionService), workflow time as DBOS records it (dequeued → completed); the pause run ends its workflow, the answer is a new run (client.answerInterrupts)',
      `the run that client.answerInterrupts enqueued (the client read the inbox first, outside the workflow time): the approved call, then the model's answer. Seen by the client (enqueue → result, queue polled every 10 ms, result every 5 ms): plain ${summary(e2e.plain)}; pause ${summary(e2e.pause)}; resume (inbox read included) ${summary(e2e.resume)}.`,
    ),
  )
  return rows
}
