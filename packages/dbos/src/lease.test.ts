import { afterAll, describe, expect, it } from 'vitest'
import { LlmAgent, Runner, SessionBusyError } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { PostgresSessionService } from '@adk-fluent/sessions'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

const message = (text: string) => ({ role: 'user', parts: [{ text }] })

/** A plain (not durable) run on the session: it takes the session's lease too, and is refused while a run holds it. */
async function plainTurn(sessions: PostgresSessionService, appName: string, sessionId: string): Promise<string[]> {
  const runner = new Runner({
    appName,
    agent: new LlmAgent({ name: 'plain', model: new ScriptedLlm(['plain answer']), instruction: 'Answer.' }),
    sessionService: sessions,
    onBusy: 'reject',
  })
  const authors: string[] = []
  for await (const event of runner.runAsync({ userId: 'u', sessionId, newMessage: message('plain') }))
    authors.push(event.author)
  return authors
}

describe.skipIf(!pgUrl)('durable runs: the per-session lease', () => {
  it('two workers on two queues, two runs on one session: the second waits for the first; a plain run is refused meanwhile', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('lease', {
      TREE: 'slow',
      DELAY_MS: '1500',
      LOG_LEASES: '1',
    })
    // Two queues: the queue's session partition cannot serialise these runs; only the session's lease does.
    workers.push(await startWorker({ ...env, WORKER_ID: 'w1', QUEUE: 'queue-a' }))
    workers.push(await startWorker({ ...env, WORKER_ID: 'w2', QUEUE: 'queue-b' }))
    const version = workers[0]?.version as string
    const clientA = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version, queueName: 'queue-a' })
    const clientB = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version, queueName: 'queue-b' })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'shared' })
    const runA = await clientA.startRun({ userId: 'u', sessionId: 'shared', newMessage: message('turn a') })
    const runB = await clientB.startRun({ userId: 'u', sessionId: 'shared', newMessage: message('turn b') })

    await waitFor(() => readLog(log).some((line) => line.startsWith('enter')), 'a run to start its model call')
    await expect(plainTurn(sessions, app, 'shared')).rejects.toThrow(SessionBusyError)
    await Promise.all([runA.result({ timeoutMs: 120_000 }), runB.result({ timeoutMs: 120_000 })])

    const lines = readLog(log)
    // Both workers ran one run each, one after the other: never two model calls at once.
    const calls = lines.filter((line) => line.startsWith('enter') || line.startsWith('leave'))
    expect(calls).toHaveLength(4)
    expect(calls[0]?.split(' ')[1]).toBe(calls[1]?.split(' ')[1])
    expect(calls.map((line) => line.split(' ')[0])).toEqual(['enter', 'leave', 'enter', 'leave'])
    expect(new Set(calls.map((line) => line.split(' ')[1]))).toEqual(new Set(['w1', 'w2']))
    expect(lines.filter((line) => line.startsWith('lease shared')).map((line) => line.split(' ')[2])).toHaveLength(2)
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'shared' })
    const order = session?.events.map((event) => `${event.invocationId}:${event.author}`) ?? []
    expect(order).toHaveLength(4)
    expect(order[0]?.replace(':user', '')).toBe(order[1]?.replace(':slow', ''))
    expect(order[2]?.replace(':user', '')).toBe(order[3]?.replace(':slow', ''))
    // Released when the runs ended: a plain run gets the session now.
    expect(await plainTurn(sessions, app, 'shared')).toEqual(['plain'])
    await clientA.close()
    await clientB.close()
    await sessions.close()
  }, 240_000)

  it('a SIGKILLed worker keeps the session until its lease expires; the run then resumes on another worker under a new fence', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('lease_kill', {
      TREE: 'pipeline',
      DEAD_AFTER_MS: '2000',
      LEASE_TTL_MS: '4000',
      LOG_LEASES: '1',
    })
    const first = await startWorker({ ...env, WORKER_ID: 'w1', BLOCK_BEFORE: 'step_3' })
    workers.push(first)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'held' })
    const run = await client.startRun({ userId: 'u', sessionId: 'held', newMessage: message('go') })
    await waitFor(() => readLog(log).includes('blocked before step_3'), 'the run to finish step 2')
    await first.kill()
    // The dead worker's lease is still live (renewed every 1.3 s, 4 s long): the session is not free.
    await expect(plainTurn(sessions, app, 'held')).rejects.toThrow(SessionBusyError)

    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    expect((await run.result({ timeoutMs: 120_000 })).finalText).toBe('answer 5')
    const leases = readLog(log).filter((line) => line.startsWith('lease held'))
    // w1 held it under fence 1; w2 took it over once it expired: fence 2 (w1's late writes would be refused).
    expect(leases).toEqual(['lease held w1 1', 'lease held w2 2'])
    const models = readLog(log).filter((line) => line.startsWith('model'))
    expect(models).toHaveLength(6)
    expect(new Set(models).size).toBe(6)
    // Released at the end of the run.
    expect(await plainTurn(sessions, app, 'held')).toEqual(['plain'])
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'held' })
    expect(session?.events.at(-3)?.author).toBe('step_5')
    expect(session?.events.at(-2)?.author).toBe('user')
    await client.close()
    await sessions.close()
  }, 240_000)
})
