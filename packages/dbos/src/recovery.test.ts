import { afterAll, describe, expect, it } from 'vitest'
import { DurableClient } from './index.js'
import {
  durableScenario,
  eventShapes,
  pgUrl,
  readLog,
  startWorker,
  waitFor,
  type Worker,
} from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

describe.skipIf(!pgUrl)('durable runs: recovery after SIGKILL', () => {
  it('a 5-step pipeline killed after step 2 resumes on another worker; no completed call repeats; events as uninterrupted', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('recovery', {
      TREE: 'pipeline',
      DEAD_AFTER_MS: '2000',
    })
    const first = await startWorker({ ...env, WORKER_ID: 'w1', BLOCK_BEFORE: 'step_3' })
    workers.push(first)
    // The test runner compiles sources differently from the workers (tsx), so the client takes the workers' version.
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'killed' })
    const run = await client.startRun({
      userId: 'u',
      sessionId: 'killed',
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
      runId: 'run-killed',
    })

    await waitFor(() => readLog(log).includes('blocked before step_3'), 'the run to finish step 2')
    await first.kill()
    const beforeKill = readLog(log)
    expect(beforeKill.filter((line) => !line.startsWith('blocked'))).toEqual([
      'model step_1',
      'model step_2 (call)',
      'tool charge e-run-killed/' + beforeKill.find((line) => line.startsWith('tool'))?.split('/')[1],
      'model step_2',
    ])

    // Another worker (another id) takes the dead worker's run once its heartbeat is stale.
    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    const result = await run.result({ timeoutMs: 120_000 })
    const calls = readLog(log).filter((line) => !line.startsWith('blocked'))
    expect(calls.filter((line) => line.startsWith('model')).sort()).toEqual(
      ['model step_1', 'model step_2 (call)', 'model step_2', 'model step_3', 'model step_4', 'model step_5'].sort(),
    )
    expect(calls.filter((line) => line.startsWith('tool'))).toHaveLength(1)
    expect(result.finalText).toBe('answer 5')

    // The same pipeline, uninterrupted, on another session.
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'clean' })
    const clean = await (
      await client.startRun({ userId: 'u', sessionId: 'clean', newMessage: { role: 'user', parts: [{ text: 'go' }] } })
    ).result({
      timeoutMs: 120_000,
    })
    const killed = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'killed' })
    const uninterrupted = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'clean' })
    expect(killed?.events).toHaveLength(uninterrupted?.events.length as number)
    expect(eventShapes(killed?.events ?? [])).toEqual(eventShapes(uninterrupted?.events ?? []))
    expect(new Set(killed?.events.map((event) => event.id)).size).toBe(killed?.events.length)
    expect(killed?.events.every((event) => event.invocationId === 'e-run-killed')).toBe(true)
    // The run's event stream carries the stored events after the user's message, once each, in order.
    expect(result.events.map((event) => event.id)).toEqual(killed?.events.slice(1).map((event) => event.id))
    expect(clean.events.map((event) => event.id)).toEqual(uninterrupted?.events.slice(1).map((event) => event.id))
    expect(killed?.state).toMatchObject({ charged: true, out_5: 'answer 5' })
    await client.close()
    await sessions.close()
  }, 240_000)
})
