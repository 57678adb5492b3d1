import { afterAll, describe, expect, it } from 'vitest'
import type { Event } from '@adk-fluent/core'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

/** An event without what differs between two runs (ids, timestamps, invocation id), as a sortable string. */
function shapeOf(event: Event): string {
  return JSON.stringify({
    author: event.author,
    branch: event.branch,
    content: JSON.parse(JSON.stringify(event.content ?? null).replace(/adk-[0-9a-f]+/g, 'adk-id')),
    stateDelta: event.actions.stateDelta,
  })
}

describe.skipIf(!pgUrl)('durable runs: recovery in the middle of a ParallelAgent', () => {
  it('branches that complete in another order on re-execution find their own steps: no call repeats, no step-order mismatch', async () => {
    const { app, dbosUrl, log, sessions, env } = durableScenario('parallel', {
      TREE: 'parallel',
      DEAD_AFTER_MS: '2000',
      LEASE_TTL_MS: '2000',
    })
    // Branch b stops before its second agent; a (slow) and c (medium) finish meanwhile, in the order c, a.
    const first = await startWorker({ ...env, WORKER_ID: 'w1', BLOCK_BEFORE: 'b_2' })
    workers.push(first)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'killed' })
    const run = await client.startRun({
      userId: 'u',
      sessionId: 'killed',
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })
    // Branches a and c are done when their final answers are stored (a step is recorded before its event is).
    const answered = async () => {
      const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'killed' })
      const texts = session?.events.filter((event) => event.content?.parts?.some((part) => part.text)) ?? []
      return ['a_2', 'c_2'].every((author) => texts.some((event) => event.author === author))
    }
    await waitFor(async () => readLog(log).includes('blocked before b_2') && (await answered()), 'branches a and c')
    await first.kill()
    const beforeKill = readLog(log).filter((line) => !line.startsWith('blocked'))
    // The steps completed in another order than they started (a started first, finished last).
    expect(beforeKill.indexOf('model c_2')).toBeLessThan(beforeKill.indexOf('model a_2'))

    // On the new worker, the recorded steps resolve at once, in another order than the first execution's.
    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    const result = await run.result({ timeoutMs: 120_000 })
    expect(result.finalText).toBe('joined')
    const calls = readLog(log).filter((line) => !line.startsWith('blocked'))
    expect(calls.filter((line) => line.startsWith('model')).sort(), calls.join('\n')).toEqual(
      [
        'model a_1',
        'model a_2 (call)',
        'model a_2',
        'model b_1',
        'model b_2 (call)',
        'model b_2',
        'model c_1',
        'model c_2 (call)',
        'model c_2',
        'model join',
      ].sort(),
    )
    expect(calls.filter((line) => line.startsWith('tool')).sort()).toEqual([
      'tool record a_2',
      'tool record b_2',
      'tool record c_2',
    ])

    // The same tree, uninterrupted: the same events (as a set: parallel branches interleave by timing), once each.
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'clean' })
    const clean = await client.startRun({
      userId: 'u',
      sessionId: 'clean',
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })
    await clean.result({ timeoutMs: 120_000 })
    const killed = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'killed' })
    const uninterrupted = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'clean' })
    expect(killed?.events.map(shapeOf).sort()).toEqual(uninterrupted?.events.map(shapeOf).sort())
    expect(new Set(killed?.events.map((event) => event.id)).size).toBe(killed?.events.length)
    // Each branch's events keep their order.
    for (const branch of ['a', 'b', 'c']) {
      const authors = killed?.events.filter((event) => event.author.startsWith(`${branch}_`)).map((e) => e.author)
      expect(authors).toEqual([`${branch}_1`, `${branch}_2`, `${branch}_2`, `${branch}_2`])
    }
    expect(killed?.events.at(-1)?.author).toBe('join')
    expect(killed?.state).toMatchObject({ recorded_a: true, recorded_b: true, recorded_c: true })
    expect(result.events.map((event) => event.id).sort()).toEqual(
      killed?.events
        .slice(1)
        .map((event) => event.id)
        .sort(),
    )
    await client.close()
    await sessions.close()
  }, 240_000)
})
