import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

describe.skipIf(!pgUrl)("durable runs: a custom agent's side effect (ctx.runStep) is a step", () => {
  it('a worker killed after the payment: the run resumes elsewhere and the payment is not made again', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('custom-step', { TREE: 'step', DEAD_AFTER_MS: '2000' })
    const first = await startWorker({ ...env, WORKER_ID: 'w1', BLOCK_BEFORE: 'after' })
    workers.push(first)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'pay' })
    const run = await client.startRun({
      userId: 'u',
      sessionId: 'pay',
      newMessage: { role: 'user', parts: [{ text: 'pay' }] },
      runId: 'run-pay',
    })
    await waitFor(() => readLog(log).includes('blocked before after'), 'the payment to be made')
    await first.kill()
    expect(readLog(log)).toEqual(['effect pay', 'blocked before after'])

    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    const result = await run.result({ timeoutMs: 120_000 })
    expect(result.finalText).toBe('confirmed')
    expect(readLog(log).filter((line) => line === 'effect pay')).toHaveLength(1)
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'pay' })
    // The payer's event is stored once, with the receipt the first execution recorded.
    const payments = session?.events.filter((event) => event.author === 'payer') ?? []
    expect(payments).toHaveLength(1)
    expect(session?.state['receipt']).toBe(payments[0]?.content?.parts?.[0]?.text)
    await client.close()
    await sessions.close()
  }, 240_000)

  it('a step another execution recorded first: the run goes on from that record; nothing of the second outcome is stored', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('raced-step', { TREE: 'step', RACE_STEP: '1' })
    const worker = await startWorker({ ...env, WORKER_ID: 'w1' })
    workers.push(worker)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: worker.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'pay' })
    const run = await client.startRun({
      userId: 'u',
      sessionId: 'pay',
      newMessage: { role: 'user', parts: [{ text: 'pay' }] },
    })
    const result = await run.result({ timeoutMs: 120_000 })
    expect(result.finalText).toBe('confirmed')
    // This execution paid, but its record came second: a new execution replayed the first record (no second call).
    expect(readLog(log)).toEqual(['effect pay'])
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'pay' })
    expect(session?.events.map((event) => event.author)).toEqual(['user', 'payer', 'after'])
    expect(session?.events[1]?.content?.parts?.[0]?.text).toBe('r-other')
    expect(session?.state['receipt']).toBe('r-other')
    expect(result.events.map((event) => event.author)).toEqual(['payer', 'after'])
    // Two executions: the first stopped at its payment event's append (its record was refused), the second replayed.
    const db = new pg.Client({ connectionString: dbosUrl })
    await db.connect()
    const executions = await db.query(
      "SELECT record FROM adk_fluent_dbos_steps WHERE run_id = $1 AND step_key = '~execution'",
      [run.id],
    )
    await db.end()
    expect(executions.rows).toEqual([{ record: '2' }])
    await client.close()
    await sessions.close()
  }, 240_000)
})
