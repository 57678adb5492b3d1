import { afterAll, describe, expect, it } from 'vitest'
import { AgentTreeChangedError, DurableClient, RunCancelledError } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

const message = (text: string) => ({ role: 'user', parts: [{ text }] })

describe.skipIf(!pgUrl)('durable runs: cancel, agent tree versions', () => {
  it('cancelling a run stops it at its running model call; nothing more is stored; the worker goes on serving', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('cancel', { TREE: 'waiter' })
    const worker = await startWorker({ ...env, WORKER_ID: 'w1' })
    workers.push(worker)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: worker.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 's1' })
    const run = await client.startRun({ userId: 'u', sessionId: 's1', newMessage: message('wait for it') })
    await waitFor(() => readLog(log).includes('started'), 'the model call to start')
    await run.cancel()
    await expect(run.result({ timeoutMs: 60_000 })).rejects.toThrow(RunCancelledError)
    expect((await run.status())?.state).toBe('CANCELLED')
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 's1' })
    expect(session?.events.map((event) => event.author)).toEqual(['user'])

    await sessions.createSession({ appName: app, userId: 'u', sessionId: 's2' })
    const next = await client.startRun({ userId: 'u', sessionId: 's2', newMessage: message('quick') })
    expect((await next.result({ timeoutMs: 60_000 })).finalText).toBe('quick answer')
    expect(readLog(log)).not.toContain('model finished')
    await client.close()
    await sessions.close()
  }, 180_000)

  it('a run started by another agent tree is not replayed: a clear error names both versions; the original tree finishes it', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('version', {
      TREE: 'pipeline',
      DEAD_AFTER_MS: '2000',
    })
    const original = await startWorker({ ...env, WORKER_ID: 'old' })
    const oldVersion = original.version
    await original.stop()
    const changed = await startWorker({ ...env, WORKER_ID: 'new', VARIANT: 'v2' })
    workers.push(changed)
    expect(changed.version).not.toBe(oldVersion)

    // A client still built from the old code enqueues a run.
    const oldClient = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: oldVersion })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 's' })
    const run = await oldClient.startRun({ userId: 'u', sessionId: 's', newMessage: message('go') })
    const error = await run.result({ timeoutMs: 60_000 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AgentTreeChangedError)
    expect((error as Error).message).toContain(
      `started by agent tree version ${oldVersion}, but the workers now run ${changed.version}`,
    )
    const newClient = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: changed.version })
    expect(await newClient.runsOfOtherVersions()).toEqual([{ runId: run.id, version: oldVersion }])
    expect(readLog(log)).toEqual([])

    // A worker from the original code takes it and finishes it.
    workers.push(await startWorker({ ...env, WORKER_ID: 'old-again' }))
    expect((await run.result({ timeoutMs: 120_000 })).finalText).toBe('answer 5')
    await oldClient.close()
    await newClient.close()
    await sessions.close()
  }, 240_000)
})
