import { afterAll, describe, expect, it } from 'vitest'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGCONT')
  await Promise.all(workers.map((worker) => worker.kill()))
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!pgUrl)('durable runs: a paused (not dead) worker', () => {
  it('its run is taken over under a new fence; when it wakes up, its late writes are refused: the run ends once, each event stored once', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('paused', {
      TREE: 'slow',
      DELAY_MS: '1500',
      DEAD_AFTER_MS: '2000',
      LOG_LEASES: '1',
    })
    const first = await startWorker({ ...env, WORKER_ID: 'w1' })
    workers.push(first)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'paused' })
    const run = await client.startRun({
      userId: 'u',
      sessionId: 'paused',
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })
    await waitFor(() => readLog(log).includes('enter w1'), 'w1 to start the model call')
    // Paused in the middle of its model call: no heartbeat, no lease renewal.
    first.child.kill('SIGSTOP')
    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    await waitFor(() => readLog(log).includes('leave w2'), 'w2 to take the run over and finish its model call', 90_000)
    first.child.kill('SIGCONT')

    const result = await run.result({ timeoutMs: 120_000 })
    expect(result.finalText).toBe('done')
    await waitFor(() => readLog(log).includes('leave w1'), 'w1 to finish its late model call')
    // w1 held the lease under fence 1; w2 took it once it expired, under fence 2.
    expect(readLog(log).filter((line) => line.startsWith('lease paused'))).toEqual([
      'lease paused w1 1',
      'lease paused w2 2',
    ])
    // The model call in flight in both ran twice (at least once); everything else happened once.
    expect(readLog(log).filter((line) => line.startsWith('enter'))).toEqual(['enter w1', 'enter w2'])
    await sleep(1000)
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'paused' })
    expect(session?.events.map((event) => `${event.author}:${event.content?.parts?.[0]?.text}`)).toEqual([
      'user:go',
      'slow:done',
    ])
    expect(result.events.map((event) => event.id)).toEqual([session?.events[1]?.id])
    expect((await run.status())?.state).toBe('SUCCESS')
    await client.close()
    await sessions.close()
  }, 240_000)
})
