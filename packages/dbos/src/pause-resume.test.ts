import { afterAll, describe, expect, it } from 'vitest'
import { DurableClient } from './index.js'
import { durableScenario, pgUrl, readLog, startWorker, waitFor, type Worker } from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

const go = (text: string) => ({ role: 'user', parts: [{ text }] })
const lines = (log: string, prefix: string) => readLog(log).filter((line) => line.startsWith(prefix))

function scenario(prefix: string) {
  return durableScenario(prefix, { TREE: 'approvals', RESUMABLE: '1', DEAD_AFTER_MS: '2000' })
}

describe.skipIf(!pgUrl)('durable runs: pause and resume', () => {
  it('a pause ends the run (its worker slot is free); the answer, from another client, resumes it on another worker; the approved call runs once', async () => {
    const { app, dbosUrl, log, sessions, env } = scenario('pause')
    // One run at a time on this worker: a paused run that held its slot would block the second session.
    const first = await startWorker({ ...env, WORKER_ID: 'w1', WORKER_CONCURRENCY: '1' })
    workers.push(first)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    for (const sessionId of ['one', 'two']) await sessions.createSession({ appName: app, userId: 'u', sessionId })
    const paused = await (
      await client.startRun({ userId: 'u', sessionId: 'one', newMessage: go('pay ann') })
    ).result({
      timeoutMs: 120_000,
    })
    expect(paused.finalText).toBe('')
    expect(paused.interrupts.map((item) => [item.kind, item.tool, item.args])).toEqual([
      ['confirmation', 'pay', { to: 'ann' }],
    ])
    const second = await client.startRun({ userId: 'u', sessionId: 'two', newMessage: go('pay ann') })
    expect((await second.result({ timeoutMs: 120_000 })).interrupts).toHaveLength(1)
    expect((await second.status())?.state).toBe('SUCCESS')
    // Resumable: the agent after the paused one waits; nothing was paid.
    expect(lines(log, 'model notify')).toEqual([])
    expect(lines(log, 'attempt')).toEqual([])
    await first.stop()

    // Another client (it reads the session's inbox) answers while no worker runs: the answer is a queued run.
    const answering = await DurableClient.connect({
      appName: app,
      databaseUrl: dbosUrl,
      version: first.version,
      sessionService: sessions,
    })
    const inbox = await answering.pendingInterrupts({ userId: 'u', sessionId: 'one' })
    expect(inbox.map((item) => item.id)).toEqual(paused.interrupts.map((item) => item.id))
    const answer = { userId: 'u', sessionId: 'one', answers: { [inbox[0]!.id]: true } }
    const run = await answering.answerInterrupts(answer)
    // Sent again (a retried request) before the run took it: the same run, not a second one.
    expect((await answering.answerInterrupts(answer)).id).toBe(run.id)
    expect((await run.status())?.state).toBe('ENQUEUED')
    // Any worker takes it: here another one.
    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    const done = await run.result({ timeoutMs: 120_000 })
    expect(done.finalText).toBe('notified')
    expect(done.interrupts).toEqual([])
    expect(done.invocationId).toBe(paused.invocationId)
    expect((await run.status())?.workerId).toBe('w2')
    expect(lines(log, 'attempt')).toEqual([`attempt pay ann ${paused.invocationId}/${inbox[0]!.functionCallId}`])
    expect(lines(log, 'effect')).toHaveLength(1)
    expect(lines(log, 'model desk saw')).toEqual(['model desk saw [["pay",{"paid":"ann"}]]'])
    expect(lines(log, 'model notify')).toHaveLength(1)
    // The approval is used once: the same answer again is refused, nothing runs.
    const again = await answering
      .answerInterrupts({ userId: 'u', sessionId: 'one', answers: { [inbox[0]!.id]: true } })
      .catch((error: unknown) => error)
    expect(again).toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    expect(lines(log, 'attempt')).toHaveLength(1)
    // Without a session service a client cannot read the inbox.
    await expect(client.pendingInterrupts({ userId: 'u', sessionId: 'two' })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    })
    await expect(
      client.answerInterrupts({ userId: 'u', sessionId: 'two', answers: { [inbox[0]!.id]: true } }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' })
    await Promise.all([client.close(), answering.close()])
    await sessions.close()
  }, 300_000)

  it.each(['before-tool', 'in-tool', 'after-tool'] as const)(
    'the worker dies between approval and result (%s): the run resumes on another worker and the payment happens once',
    async (blockAt) => {
      const { app, dbosUrl, log, sessions, env } = scenario(`kill_${blockAt.replace('-', '_')}`)
      const first = await startWorker({ ...env, WORKER_ID: 'w1', BLOCK_AT: blockAt })
      workers.push(first)
      const client = await DurableClient.connect({
        appName: app,
        databaseUrl: dbosUrl,
        version: first.version,
        sessionService: sessions,
      })
      await sessions.createSession({ appName: app, userId: 'u', sessionId: 'k' })
      const paused = await (
        await client.startRun({ userId: 'u', sessionId: 'k', newMessage: go('pay ann') })
      ).result({
        timeoutMs: 120_000,
      })
      const [approval] = paused.interrupts
      const run = await client.answerInterrupts({ userId: 'u', sessionId: 'k', answers: { [approval!.id]: true } })
      await waitFor(() => readLog(log).some((line) => line.startsWith('blocked')), `w1 to stop ${blockAt}`)
      await first.kill()
      workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
      const done = await run.result({ timeoutMs: 120_000 })
      expect(done.finalText).toBe('notified')
      expect((await run.status())?.workerId).toBe('w2')

      const key = `${paused.invocationId}/${approval!.functionCallId}`
      // The payment once. The tool ran once, except when it died inside the call: then it ran again with the same
      // idempotency key (at least once), and the payment system kept one payment.
      expect(lines(log, 'effect')).toEqual([`effect pay ann ${key}`])
      expect(lines(log, 'attempt')).toEqual(
        Array.from({ length: blockAt === 'in-tool' ? 2 : 1 }, () => `attempt pay ann ${key}`),
      )
      expect(lines(log, 'model desk saw')).toEqual(['model desk saw [["pay",{"paid":"ann"}]]'])
      expect(lines(log, 'model notify')).toHaveLength(1)
      const session = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'k' })
      const ids = session?.events.map((event) => event.id) ?? []
      expect(new Set(ids).size).toBe(ids.length)
      const payResults = session?.events.flatMap(
        (event) => event.content?.parts?.filter((part) => part.functionResponse?.name === 'pay') ?? [],
      )
      expect(payResults).toHaveLength(1)
      expect(await client.pendingInterrupts({ userId: 'u', sessionId: 'k' })).toEqual([])
      await client.close()
      await sessions.close()
    },
    300_000,
  )

  it('three parallel approvals, answered by a new client after the worker left: two approved, one refused; each payment once, the refusal reaches the model, no sibling result lost', async () => {
    const { app, dbosUrl, log, sessions, env } = scenario('three')
    const first = await startWorker({ ...env, WORKER_ID: 'w1' })
    workers.push(first)
    const starter = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: first.version })
    await sessions.createSession({ appName: app, userId: 'u', sessionId: 'three' })
    const start = await starter.startRun({ userId: 'u', sessionId: 'three', newMessage: go('pay ann bob cyd') })
    const paused = await start.result({ timeoutMs: 120_000 })
    expect(paused.interrupts.map((item) => item.args?.['to'])).toEqual(['ann', 'bob', 'cyd'])
    expect(lines(log, 'tool balance')).toHaveLength(1)
    await starter.close()
    await first.stop()

    workers.push(await startWorker({ ...env, WORKER_ID: 'w2' }))
    const client = await DurableClient.connect({
      appName: app,
      databaseUrl: dbosUrl,
      version: first.version,
      sessionService: sessions,
    })
    const inbox = await client.pendingInterrupts({ userId: 'u', sessionId: 'three' })
    const byName = Object.fromEntries(inbox.map((item) => [item.args?.['to'], item.id]))
    const run = await client.answerInterrupts({
      userId: 'u',
      sessionId: 'three',
      answers: { [byName['ann']!]: true, [byName['bob']!]: false, [byName['cyd']!]: true },
    })
    const done = await run.result({ timeoutMs: 120_000 })
    expect(done.finalText).toBe('notified')
    expect(
      lines(log, 'effect')
        .map((line) => line.split(' ')[2])
        .sort(),
    ).toEqual(['ann', 'cyd'])
    expect(lines(log, 'attempt')).toHaveLength(2)
    expect(lines(log, 'tool balance')).toHaveLength(1)
    // The model's next request pairs every call of its turn with a response: the sibling's, both payments, the refusal.
    const [saw] = lines(log, 'model desk saw')
    expect(JSON.parse(saw!.slice('model desk saw '.length))).toEqual([
      ['balance', { balance: 100 }],
      ['pay', { paid: 'ann' }],
      ['pay', { error: 'This tool call is rejected.' }],
      ['pay', { paid: 'cyd' }],
    ])
    expect(lines(log, 'model desk saw')).toHaveLength(1)
    expect(await client.pendingInterrupts({ userId: 'u', sessionId: 'three' })).toEqual([])
    await client.close()
    await sessions.close()
  }, 300_000)
})
