import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { DurableClient } from '@adk-fluent/dbos'
import type { BenchConfig } from '../bench-config.js'
import { stats } from '../measure.js'
import { benchDir, repoRoot } from '../paths.js'
import type { ResultRow } from '../report.js'
import {
  databaseUrl,
  newLog,
  startWorker,
  uniqueName,
  type Worker,
} from '../../../packages/dbos/src/testing/harness.test-helper.js'
import { PostgresSessionService } from '@adk-fluent/sessions'

const pgUrl = process.env['ADK_FLUENT_TEST_PG_URL']

/** Per-step overhead of a durable 5-step pipeline over the plain Runner, both on the same PostgreSQL session store. */
function overhead(config: BenchConfig): ResultRow[] {
  const runs = config.quick ? 3 : 25
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=@adk-fluent/source',
      join(benchDir, 'src', 'durable-child.ts'),
      pgUrl as string,
      String(runs),
    ],
    { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 },
  )
  const line = (child.stdout ?? '').trim().split('\n').pop() ?? ''
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(`durable-child failed: ${(child.stderr ?? '').trim().slice(-500)}`)
  const { steps, plain, durable } = JSON.parse(line) as { steps: number; plain: number[]; durable: number[] }
  const plainMedian = stats(plain).median
  return [
    {
      scenario: 'I',
      name: `plain Runner, ${steps}-step pipeline on PostgreSQL sessions, per step`,
      unit: 'ms',
      ours: stats(plain.map((ms) => ms / steps)),
      note: 'I: the reference for the durable overhead (scripted zero-latency model; every event appended to PostgreSQL).',
    },
    {
      scenario: 'I',
      name: 'durable run (DBOS), overhead per step over the plain Runner',
      unit: 'ms',
      ours: stats(durable.map((ms) => (ms - plainMedian) / steps)),
      target: { kind: 'absolute', max: 2 },
      note: `I: workflow time (dequeued → completed, as DBOS records it) minus the plain run's median, per step; a step is one model call (checkpointed) plus its event on the run's stream; the run adds one session-snapshot step.`,
    },
  ]
}

/** Runs per second that `count` worker processes finish from one queue (1-agent tree, zero-latency model). */
async function throughput(count: number, runs: number): Promise<ResultRow> {
  const app = uniqueName('bench_tp')
  const dbosUrl = databaseUrl(uniqueName('dbos'))
  const sessions = new PostgresSessionService(pgUrl as string)
  const env = {
    APP: app,
    DBOS_URL: dbosUrl,
    SESSIONS_URL: pgUrl as string,
    LOG: newLog(),
    TREE: 'slow',
    DELAY_MS: '0',
    WORKER_CONCURRENCY: '8',
  }
  const workers: Worker[] = []
  try {
    for (let index = 0; index < count; index++) workers.push(await startWorker({ ...env, WORKER_ID: `w${index}` }))
    const client = await DurableClient.connect({
      appName: app,
      databaseUrl: dbosUrl,
      version: workers[0]?.version as string,
      pollMs: 50,
    })
    for (let index = 0; index < runs; index++)
      await sessions.createSession({ appName: app, userId: 'u', sessionId: `s${index}` })
    const handles = []
    for (let index = 0; index < runs; index++) {
      handles.push(
        await client.startRun({
          userId: 'u',
          sessionId: `s${index}`,
          newMessage: { role: 'user', parts: [{ text: 'go' }] },
        }),
      )
    }
    await Promise.all(handles.map((run) => run.result({ timeoutMs: 300_000 })))
    const statuses = await Promise.all(handles.map((run) => run.status()))
    const first = Math.min(...statuses.map((status) => status?.createdAt ?? Infinity))
    const last = Math.max(...statuses.map((status) => status?.completedAt ?? 0))
    await client.close()
    const perSecond = runs / ((last - first) / 1000)
    return {
      scenario: 'I',
      name: `throughput, ${count} worker process${count > 1 ? 'es' : ''} (${runs} queued runs)`,
      unit: 'runs/s',
      ours: stats([perSecond]),
      note: 'I: first enqueue → last completion as DBOS records them; each worker takes up to 8 runs at once; 2 CPU cores are shared by all processes (the database included).',
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.kill()))
    await sessions.close()
  }
}

/** Scenario I: durable runs on DBOS (needs ADK_FLUENT_TEST_PG_URL: a PostgreSQL server, as `.ci/run` starts). */
export async function runDurable(config: BenchConfig): Promise<ResultRow[]> {
  if (!pgUrl) {
    return [
      {
        scenario: 'I',
        name: 'durable runs (DBOS)',
        unit: 'ms',
        note: 'I: skipped: ADK_FLUENT_TEST_PG_URL is not set (no PostgreSQL server).',
      },
    ]
  }
  const rows = overhead(config)
  for (const count of config.quick ? [1] : [1, 2, 4]) rows.push(await throughput(count, config.quick ? 6 : 60))
  return rows
}
