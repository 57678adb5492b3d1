import { afterAll, describe, expect, it } from 'vitest'
import {
  AbortError,
  InMemorySessionService,
  ModelError,
  type BaseSessionService,
  type LlmResponse,
  type SessionLease,
} from '@adk-fluent/core'
import pg from 'pg'
import { CheckpointGate } from './checkpoint-gate.js'
import { DurableHooks } from './durable-hooks.js'
import { RunLostError } from './errors.js'
import { RunOwnership } from './run-ownership.js'
import { RunStore, type StepRecord } from './run-store.js'
import { holdSession, noLease } from './session-hold.js'
import { databaseUrl, pgUrl, uniqueName } from './testing/harness.test-helper.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const answer = (text: string): LlmResponse[] => [{ content: { role: 'model', parts: [{ text }] } }]
const key = { appName: 'app', userId: 'u', sessionId: 's' }

/** A session service whose lease renewals the test controls: `renewals` decides what each renewal answers. */
function controlledLeases(renewals: { answer: () => Promise<boolean> }): BaseSessionService {
  const service = new InMemorySessionService()
  const lease: SessionLease = { ...key, owner: 'run@w1', fence: 1 }
  return Object.assign(service, {
    acquireLease: async () => lease,
    renewLease: () => renewals.answer(),
    releaseLease: async () => undefined,
  })
}

/** A run's hold on its session, 300 ms long (renewed every 100 ms), whose renewals the test answers. */
async function heldFor300Ms() {
  const renewals = { answer: async () => true }
  const hold = await holdSession({
    service: controlledLeases(renewals),
    ...key,
    owner: 'run@w1',
    ttlMs: 300,
    cancelled: async () => false,
  })
  return { renewals, hold }
}

/** Hooks of execution `ownership` on `store`, with the steps `recorded` when it opened the run. */
function hooksOf(
  store: RunStore,
  ownership: RunOwnership,
  recorded = new Map<string, StepRecord>(),
  checkpoints = new CheckpointGate('run'),
): DurableHooks {
  return new DurableHooks({
    runId: 'run',
    startedAt: 0,
    abort: new AbortController(),
    store,
    recorded,
    ownership,
    checkpoints,
  })
}

describe('the ownership of a run, before each call', () => {
  it('a lease renewed in time is fresh (no query); renewals that stall make it stale; a refused renewal loses it', async () => {
    const { renewals, hold } = await heldFor300Ms()
    try {
      expect(hold.fresh()).toBe(true)
      await sleep(250)
      // Renewed every 100 ms: still fresh after more than half the lifetime.
      expect(hold.fresh()).toBe(true)
      // Renewals that never answer (the process was stopped, the store is slow): after half the lifetime, stale.
      renewals.answer = () => new Promise<boolean>(() => undefined)
      await sleep(400)
      expect(hold.fresh()).toBe(false)
      expect(hold.lost()).toBe(false)
      renewals.answer = async () => false
      expect(await hold.confirm()).toBe(false)
      expect(hold.lost()).toBe(true)
      expect(hold.fresh()).toBe(false)
    } finally {
      await hold.release()
    }
  })

  it('an execution that lost its lease stops before the call with RunLostError; nothing is called or recorded', async () => {
    const { renewals, hold } = await heldFor300Ms()
    const recorded: string[] = []
    const store = {
      ownership: async () => ({ execution: 1, record: undefined }),
      recordStep: async (_run: string, stepKey: string) => {
        recorded.push(stepKey)
        throw new Error('not reached')
      },
    } as unknown as RunStore
    const ownership = new RunOwnership({ runId: 'run', hold, store, execution: 1 })
    const hooks = hooksOf(store, ownership)
    renewals.answer = () => new Promise<boolean>(() => undefined)
    await sleep(400)
    renewals.answer = async () => false
    let calls = 0
    const error = await hooks
      .runModelCall({ agentName: 'a', branch: undefined }, async () => {
        calls++
        return answer('paid twice')
      })
      .catch((caught: unknown) => caught)
    expect(RunLostError.isInstance(error)).toBe(true)
    expect((error as RunLostError).code).toBe('SESSION_BUSY')
    expect((error as RunLostError).stepKey).toBe('model:#0')
    expect((error as Error).message).toContain('lease was taken under a new fence')
    // Its own marker: not an abort, and an abort is not a lost run.
    expect(AbortError.isInstance(error) && (error as AbortError).code === 'ABORTED').toBe(false)
    expect(RunLostError.isInstance(new AbortError())).toBe(false)
    expect(calls).toBe(0)
    expect(recorded).toEqual([])
    await hold.release()
  })

  it('after a conflict, the store is asked whatever the lease: a newer execution means this one lost the run', async () => {
    let newest = 1
    const store = { ownership: async () => ({ execution: newest, record: undefined }) } as unknown as RunStore
    const ownership = new RunOwnership({ runId: 'run', hold: noLease, store, execution: 1 })
    // Still the newest (another execution recorded a step it also recorded): it goes on, from the records.
    expect(await ownership.confirmLost()).toBe(false)
    newest = 2
    expect(await ownership.confirmLost()).toBe(true)
    expect(ownership.lost).toContain('execution 2 of the run started after this one (1)')
  })

  it('a newer execution of the run in this process makes the older one stop at its next call', async () => {
    const store = { ownership: async () => ({ execution: 2, record: undefined }) } as unknown as RunStore
    const older = new RunOwnership({ runId: 'run', hold: noLease, store, execution: 1 })
    older.supersede(2)
    await expect(older.check('tool:x')).rejects.toThrow('execution 2 of the run started after this one (1)')
  })
})

const stores: RunStore[] = []
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()))
})

describe.skipIf(!pgUrl)('the ownership of a run, in the run store', () => {
  it('without leases: each execution counts; the older one is refused at its next call; a step recorded since is used, not called', async () => {
    const name = uniqueName('owner')
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const store = new RunStore(databaseUrl(name), 2)
    stores.push(store)
    await store.init()
    const open = JSON.stringify({ name: 'open-session', output: { eventCount: 0 }, at: 1 })
    const record = (text: string, at: number) => JSON.stringify({ name: 'model:a', output: answer(text), at })
    const first = await store.openRun('run')
    expect(first).toEqual({ execution: 1, recorded: new Map() })
    expect(await store.recordStep('run', 'open-session', open)).toBe(true)
    const older = new RunOwnership({ runId: 'run', hold: noLease, store, execution: first.execution })
    expect(await older.check('model:#0')).toBeUndefined()
    await store.recordStep('run', 'model:#0', record('once', 2))

    const second = await store.openRun('run')
    expect(second.execution).toBe(2)
    // The execution counter is not a step.
    expect([...second.recorded.keys()].sort()).toEqual(['model:#0', 'open-session'])
    await expect(older.check('model:#1')).rejects.toThrow(RunLostError)

    // The newer execution opened before the older one recorded step #1 (its in-flight call): used, not called.
    const newer = new RunOwnership({ runId: 'run', hold: noLease, store, execution: second.execution })
    const checkpoints = new CheckpointGate('run')
    const hooks = hooksOf(store, newer, second.recorded, checkpoints)
    await store.recordStep('run', 'model:#1', record('in flight', 3))
    let calls = 0
    const call = async () => {
      calls++
      return answer('again')
    }
    expect(await hooks.runModelCall({ agentName: 'a', branch: undefined }, call)).toEqual(answer('once'))
    expect(await hooks.runModelCall({ agentName: 'a', branch: undefined }, call)).toEqual(answer('in flight'))
    expect(await hooks.runModelCall({ agentName: 'a', branch: undefined }, call)).toEqual(answer('again'))
    expect(calls).toBe(1)

    // A model's own error (an adk-fluent error, but not an abort) is the call's outcome: recorded, and a
    // re-execution gets the same error without calling again.
    const failing = async (): Promise<LlmResponse[]> => {
      calls++
      throw new ModelError('quota exceeded', { status: 429 })
    }
    await expect(hooks.runModelCall({ agentName: 'a', branch: undefined }, failing)).rejects.toThrow('quota exceeded')
    await checkpoints.settled()
    const third = await store.openRun('run')
    const replay = hooksOf(
      store,
      new RunOwnership({ runId: 'run', hold: noLease, store, execution: third.execution }),
      third.recorded,
    )
    for (let index = 0; index < 3; index++) await replay.runModelCall({ agentName: 'a', branch: undefined }, call)
    const replayed = await replay
      .runModelCall({ agentName: 'a', branch: undefined }, failing)
      .catch((caught: unknown) => caught)
    expect((replayed as Error).name).toBe('ModelError')
    expect((replayed as Error).message).toBe('quota exceeded')
    expect(calls).toBe(2)
  })
})
