import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

/** Rows a run has in the step table and in the event log. */
async function rowsOf(databaseUrl: string, runId: string): Promise<{ steps: number; events: number }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ steps: string; events: string }>(
      `SELECT (SELECT count(*) FROM adk_fluent_dbos_steps WHERE run_id = $1) AS steps,
              (SELECT count(*) FROM adk_fluent_dbos_events WHERE run_id = $1) AS events`,
      [runId],
    )
    return { steps: Number(rows[0]?.steps), events: Number(rows[0]?.events) }
  } finally {
    await client.end()
  }
}

describe.skipIf(!pgUrl)('durable runs: finished runs are deleted after retainRunsMs', () => {
  it('a finished run goes (workflow, steps, event log) once it is older than retainRunsMs; a running one stays; the session keeps its events', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('prune', { TREE: 'waiter', RETAIN_RUNS_MS: '3000' })
    const worker = await startWorker({ ...env, WORKER_ID: 'w1' })
    workers.push(worker)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: worker.version })
    for (const id of ['done', 'running']) await sessions.createSession({ appName: app, userId: 'u', sessionId: id })
    const start = (sessionId: string, text: string) =>
      client.startRun({ userId: 'u', sessionId, newMessage: { role: 'user', parts: [{ text }] }, runId: sessionId })
    const running = await start('running', 'wait')
    await waitFor(() => readLog(log).includes('started'), 'the long run to start its model call')
    const done = await start('done', 'quick')
    expect((await done.result({ timeoutMs: 60_000 })).finalText).toBe('quick answer')
    // Just finished: kept (the session snapshot, the model call, and the row counting the run's executions).
    expect(await rowsOf(dbosUrl, 'done')).toEqual({ steps: 3, events: 1 })
    expect((await done.status())?.state).toBe('SUCCESS')

    await waitFor(async () => (await done.status()) === undefined, 'the finished run to be deleted', 30_000)
    expect(await rowsOf(dbosUrl, 'done')).toEqual({ steps: 0, events: 0 })
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'done' })
    expect(session?.events.map((event) => event.author)).toEqual(['user', 'waiter'])
    // The run still going keeps everything.
    expect((await running.status())?.state).toBe('PENDING')
    expect((await rowsOf(dbosUrl, 'running')).steps).toBe(2)

    // Cancelled is finished too: deleted in its turn.
    await running.cancel()
    await waitFor(async () => (await running.status()) === undefined, 'the cancelled run to be deleted', 30_000)
    expect(await rowsOf(dbosUrl, 'running')).toEqual({ steps: 0, events: 0 })
    await client.close()
    await sessions.close()
  }, 120_000)
})
