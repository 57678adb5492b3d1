import { afterAll, describe, expect, it } from 'vitest'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

/** The most model calls in progress at once, overall and per worker, read from the log's enter/leave lines. */
function maxConcurrency(lines: string[]): {
  overall: number
  perWorker: Map<string, number>
  calls: Map<string, number>
} {
  let now = 0
  let overall = 0
  const current = new Map<string, number>()
  const perWorker = new Map<string, number>()
  const calls = new Map<string, number>()
  for (const line of lines) {
    const [kind, worker = ''] = line.split(' ')
    const delta = kind === 'enter' ? 1 : kind === 'leave' ? -1 : 0
    if (delta === 1) calls.set(worker, (calls.get(worker) ?? 0) + 1)
    now += delta
    current.set(worker, (current.get(worker) ?? 0) + delta)
    overall = Math.max(overall, now)
    perWorker.set(worker, Math.max(perWorker.get(worker) ?? 0, current.get(worker) ?? 0))
  }
  return { overall, perWorker, calls }
}

describe.skipIf(!pgUrl)('durable runs: scale-out over worker processes', () => {
  it('three workers drain 30 queued runs; the global and per-worker limits are never exceeded; one session runs one run at a time', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('scale', {
      TREE: 'slow',
      DELAY_MS: '250',
      WORKER_CONCURRENCY: '2',
      CONCURRENCY: '4',
    })
    for (const id of ['w1', 'w2', 'w3']) workers.push(await startWorker({ ...env, WORKER_ID: id }))
    const client = await DurableClient.connect({
      appName: app,
      databaseUrl: dbosUrl,
      version: workers[0]?.version as string,
    })
    const runs = []
    for (let index = 0; index < 30; index++) {
      await sessions.createSession({ appName: app, userId: 'u', sessionId: `s${index}` })
      runs.push(
        await client.startRun({
          userId: 'u',
          sessionId: `s${index}`,
          newMessage: { role: 'user', parts: [{ text: `run ${index}` }] },
        }),
      )
    }
    const results = await Promise.all(runs.map((run) => run.result({ timeoutMs: 180_000 })))
    // Every run answered (a failure shows the run's events, to tell a model error from a store error).
    const unfinished = results.filter((result) => result.finalText !== 'done')
    expect(
      unfinished.map((result) => ({
        runId: result.runId,
        finalText: result.finalText,
        events: result.events.map((event) => event.errorMessage ?? event.content),
      })),
    ).toEqual([])
    const { overall, perWorker, calls } = maxConcurrency(readLog(log))
    expect([...calls.values()].reduce((sum, count) => sum + count, 0)).toBe(30)
    expect(overall).toBeLessThanOrEqual(4)
    for (const max of perWorker.values()) expect(max).toBeLessThanOrEqual(2)
    // One worker may run 2 at once: 30 runs spread over more than one worker.
    expect(calls.size).toBeGreaterThanOrEqual(2)

    // Four runs on one session, enqueued together: never two at once, so each run's events stay together.
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'shared' })
    const shared = []
    for (let index = 0; index < 4; index++) {
      shared.push(
        await client.startRun({
          userId: 'u',
          sessionId: 'shared',
          newMessage: { role: 'user', parts: [{ text: `turn ${index}` }] },
        }),
      )
    }
    await Promise.all(shared.map((run) => run.result({ timeoutMs: 180_000 })))
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'shared' })
    const order = session?.events.map((event) => `${event.invocationId}:${event.author}`) ?? []
    expect(order).toHaveLength(8)
    for (let index = 0; index < 8; index += 2) {
      expect(order[index]?.endsWith(':user')).toBe(true)
      expect(order[index + 1]).toBe(order[index]?.replace(':user', ':slow'))
    }
    await client.close()
    await sessions.close()
  }, 300_000)
})
