import { afterAll, describe, expect, it } from 'vitest'
import { createEvent, type LlmResponse } from '@adk-fluent/core'
import { CheckpointGate } from './checkpoint-gate.js'
import { DurableHooks } from './durable-hooks.js'
import { ReplayMismatchError } from './errors.js'
import { RunOwnership } from './run-ownership.js'
import { RunStore } from './run-store.js'
import { noLease } from './session-hold.js'
import { databaseUrl, pgUrl, uniqueName } from './testing/harness.test-helper.js'
import pg from 'pg'

const stores: RunStore[] = []
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()))
})

async function openStore(): Promise<RunStore> {
  const name = uniqueName('store')
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = databaseUrl(name)
  const store = new RunStore(url, 2)
  stores.push(store)
  await store.init()
  return store
}

const answer = (text: string): LlmResponse[] => [{ content: { role: 'model', parts: [{ text }] } }]

describe.skipIf(!pgUrl)('RunStore and DurableHooks', () => {
  it('a step recorded twice keeps its first record; events are logged once each, in order', async () => {
    const store = await openStore()
    const record = (output: number, at: number) => JSON.stringify({ name: 'model:a', output, at })
    expect(await store.recordStep('run', 'model:#0', record(1, 10))).toBe(true)
    expect(await store.recordStep('run', 'model:#0', record(2, 20))).toBe(false)
    expect((await store.openRun('run')).recorded).toEqual(
      new Map([['model:#0', { name: 'model:a', output: 1, at: 10 }]]),
    )
    const one = createEvent({ invocationId: 'e-run', author: 'a' })
    const two = createEvent({ invocationId: 'e-run', author: 'b' })
    await store.logEvents('run', [one, two])
    await store.logEvents('run', [one])
    const logged = await store.events('run', 0)
    expect(logged.map((row) => row.event.id)).toEqual([one.id, two.id])
    expect(await store.events('run', logged[0]?.seq as number)).toHaveLength(1)
  })

  it('model steps are keyed by parallel branch: a re-execution that calls in another order gets each branch its own output', async () => {
    const store = await openStore()
    const ownership = new RunOwnership({ runId: 'run', hold: noLease, store, execution: 0 })
    const checkpoints = new CheckpointGate('run')
    const hooks = () =>
      new DurableHooks({
        runId: 'run',
        startedAt: 0,
        abort: new AbortController(),
        store,
        recorded: new Map(),
        ownership,
        checkpoints,
      })
    const live = hooks()
    await live.runModelCall({ agentName: 'a', branch: 'p.a' }, async () => answer('a says'))
    await live.runModelCall({ agentName: 'b', branch: 'p.b' }, async () => answer('b says'))
    // The last record is written while the run goes on: its next effect (here, the end) waits for it.
    await checkpoints.settled()
    const replay = new DurableHooks({
      runId: 'run',
      startedAt: 0,
      abort: new AbortController(),
      store,
      recorded: (await store.openRun('run')).recorded,
      ownership,
      checkpoints: new CheckpointGate('run'),
    })
    const never = async (): Promise<LlmResponse[]> => {
      throw new Error('a recorded call ran again')
    }
    expect(await replay.runModelCall({ agentName: 'b', branch: 'p.b' }, never)).toEqual(answer('b says'))
    expect(await replay.runModelCall({ agentName: 'a', branch: 'p.a' }, never)).toEqual(answer('a says'))
    // Event ids: per branch, whatever the order.
    const [x, y] = [createEvent({ invocationId: 'e', author: 'a' }), createEvent({ invocationId: 'e', author: 'b' })]
    x.branch = 'p.a'
    y.branch = 'p.b'
    const [x2, y2] = [{ ...x }, { ...y }]
    live.stampEvent(x)
    live.stampEvent(y)
    replay.stampEvent(y2)
    replay.stampEvent(x2)
    expect([x2.id, y2.id]).toEqual([x.id, y.id])
    // Another agent at a recorded step: a clear error, not a wrong output.
    const other = new DurableHooks({
      runId: 'run',
      startedAt: 0,
      abort: new AbortController(),
      store,
      recorded: (await store.openRun('run')).recorded,
      ownership,
      checkpoints: new CheckpointGate('run'),
    })
    await expect(other.runModelCall({ agentName: 'z', branch: 'p.a' }, never)).rejects.toThrow(ReplayMismatchError)
  })
})
