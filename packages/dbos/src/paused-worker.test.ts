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
    // The paused execution learnt it lost the run at its late append (refused: the lease moved on) and said so.
    await waitFor(() => first.output().includes('lost the run'), 'w1 to log that it lost the run')
    await client.close()
    await sessions.close()
  }, 240_000)

  it('paused between steps beyond deadAfterMs while another worker finishes the run: when it wakes up it calls nothing (each model call and the tool once) and leaves one log line', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('paused_steps', {
      TREE: 'pipeline',
      DEAD_AFTER_MS: '2000',
      LOG_LEASES: '1',
    })
    // w1 waits 3 s before step_2 (whose model calls the charge tool): the test stops it there, between two steps.
    const first = await startWorker({ ...env, WORKER_ID: 'w1', PAUSE_BEFORE: 'step_2', DELAY_MS: '3000' })
    workers.push(first)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'steps' })
    const run = await client.startRun({
      userId: 'u',
      sessionId: 'steps',
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })
    await waitFor(() => readLog(log).includes('paused before step_2'), 'w1 to reach step_2')
    first.child.kill('SIGSTOP')
    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    const result = await run.result({ timeoutMs: 120_000 })
    expect(result.finalText).toBe('answer 5')
    // w1 wakes up after the run ended, in the middle of its pause: it goes on to step_2's model call.
    first.child.kill('SIGCONT')
    await waitFor(() => first.output().includes('lost the run'), 'w1 to find out it lost the run', 30_000)
    expect(first.output()).toContain('before step "model:#1"')
    await sleep(500)

    const lines = readLog(log)
    expect(lines.filter((line) => line.startsWith('lease steps'))).toEqual(['lease steps w1 1', 'lease steps w2 2'])
    // Every model call and the tool's side effect exactly once: w1 made step_1's call, w2 all the others.
    expect(lines.filter((line) => line.startsWith('model') || line.startsWith('tool'))).toEqual([
      'model step_1',
      'model step_2 (call)',
      expect.stringMatching(/^tool charge e-.+\/adk-/),
      'model step_2',
      'model step_3',
      'model step_4',
      'model step_5',
    ])
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'steps' })
    const ids = session?.events.map((event) => event.id) ?? []
    expect(new Set(ids).size).toBe(ids.length)
    expect(session?.events.map((event) => event.author)).toEqual([
      'user',
      'step_1',
      'step_2',
      'step_2',
      'step_2',
      'step_3',
      'step_4',
      'step_5',
    ])
    expect(session?.state['charged']).toBe(true)
    expect(result.events.map((event) => event.id)).toEqual(ids.slice(1))
    expect((await run.status())?.state).toBe('SUCCESS')
    await client.close()
    await sessions.close()
  }, 240_000)
})
