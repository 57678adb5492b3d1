import { afterAll, describe, expect, it } from 'vitest'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

describe.skipIf(!pgUrl)('durable runs: a graph Workflow, each function node a checkpointed step', () => {
  it('a worker killed before the last node: the run resumes elsewhere, no completed node or model call runs again', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('workflow', {
      TREE: 'workflow',
      DEAD_AFTER_MS: '2000',
    })
    const first = await startWorker({ ...env, WORKER_ID: 'w1', BLOCK_BEFORE: 'publish' })
    workers.push(first)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'flow' })
    const run = await client.startRun({
      userId: 'u',
      sessionId: 'flow',
      newMessage: { role: 'user', parts: [{ text: 'march' }] },
      runId: 'run-flow',
    })
    await waitFor(() => readLog(log).includes('blocked before publish'), 'the run to reach publish')
    await first.kill()
    expect(readLog(log).sort()).toEqual(
      ['blocked before publish', 'model writer', 'node fetch', 'node score_a', 'node score_b'].sort(),
    )

    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    const result = await run.result({ timeoutMs: 120_000 })
    expect(result.finalText).toBe('published: the report')
    const effects = readLog(log).filter((line) => !line.startsWith('blocked'))
    expect(effects.sort()).toEqual(
      ['model writer', 'node fetch', 'node publish', 'node score_a', 'node score_b'].sort(),
    )
    const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'flow' })
    // Every node's output is stored once, in the session state of an uninterrupted run.
    const outputs = session?.events.filter((event) => event.output !== undefined).map((event) => event.nodeInfo?.path)
    expect(outputs?.sort()).toEqual(
      ['report.fetch', 'report.join', 'report.publish', 'report.score_a', 'report.score_b', 'report.writer'].sort(),
    )
    expect(new Set(session?.events.map((event) => event.id)).size).toBe(session?.events.length)
    expect(session?.state).toMatchObject({
      done_fetch: true,
      done_score_a: true,
      done_score_b: true,
      done_publish: true,
    })
    await client.close()
    await sessions.close()
  }, 240_000)
})
