import { describe, expect, it } from 'vitest'
import { InMemorySessionService, createEvent, type LlmResponse } from '@adk-fluent/core'
import { CheckpointGate } from './checkpoint-gate.js'
import { DurableHooks } from './durable-hooks.js'
import { RunStoreError } from './errors.js'
import type { RunOwnership } from './run-ownership.js'
import type { RunStore } from './run-store.js'
import { RunSessionView } from './run-session-view.js'
import { noLease } from './session-hold.js'

const answer = (text: string): LlmResponse[] => [{ content: { role: 'model', parts: [{ text }] } }]
const info = { agentName: 'a', branch: undefined, invocationId: 'i' } as never

/** A run store whose step writes the test settles: `writes` holds each one's key and how to end it. */
function heldWrites() {
  const writes: { key: string; settle: (stored: boolean) => void; fail: (error: Error) => void }[] = []
  const store = {
    recordStep: (_runId: string, key: string) =>
      new Promise<boolean>((resolve, reject) => writes.push({ key, settle: resolve, fail: reject })),
  } as unknown as RunStore
  return { store, writes }
}

function hooksOn(store: RunStore, checkpoints: CheckpointGate): DurableHooks {
  return new DurableHooks({
    runId: 'run',
    startedAt: 0,
    abort: new AbortController(),
    store,
    recorded: new Map(),
    ownership: { check: async () => undefined } as unknown as RunOwnership,
    checkpoints,
  })
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('a step is recorded while the run goes on, and before anything it leads to', () => {
  it('the next call waits for the record of the step before it; the call returns what a replay reads', async () => {
    const { store, writes } = heldWrites()
    const checkpoints = new CheckpointGate('run')
    const hooks = hooksOn(store, checkpoints)
    const output = await hooks.runModelCall(info, async () => answer('first'))
    // Returned before its record is stored, as plain JSON (what a replay gets).
    expect(output).toEqual(answer('first'))
    expect(writes.map((write) => write.key)).toEqual(['model:#0'])
    let called = false
    const second = hooks.runModelCall(info, async () => {
      called = true
      return answer('second')
    })
    await tick()
    expect(called).toBe(false)
    writes[0]?.settle(true)
    await second
    expect(called).toBe(true)
    writes[1]?.settle(true)
    await checkpoints.settled()
    expect(checkpoints.raced).toBeUndefined()
  })

  it('a session append waits for the records; none is written when a record fails or was another execution’s', async () => {
    const { store, writes } = heldWrites()
    const checkpoints = new CheckpointGate('run')
    const inner = new InMemorySessionService()
    const session = await inner.createSession({ appName: 'app', userId: 'u', sessionId: 's' })
    const view = new RunSessionView(
      inner,
      { appName: 'app', userId: 'u', sessionId: 's' },
      {
        snapshot: { eventCount: 0, state: {}, startedAt: 0 },
        replaying: false,
        hold: noLease,
        checkpoints,
      },
    )
    await hooksOn(store, checkpoints).runModelCall(info, async () => answer('paid once'))
    const append = view.appendEvent({ session, event: createEvent({ invocationId: 'i', author: 'a' }) })
    await tick()
    expect((await inner.getSession({ appName: 'app', userId: 'u', sessionId: 's' }))?.events).toHaveLength(0)
    // Another execution (one that took the run over after a pause) recorded this step first.
    writes[0]?.settle(false)
    const error = await append.catch((caught: unknown) => caught)
    expect(RunStoreError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('step "model:#0" was recorded by another execution first')
    expect(checkpoints.raced).toBe('model:#0')
    expect((await inner.getSession({ appName: 'app', userId: 'u', sessionId: 's' }))?.events).toHaveLength(0)
    // And a failed write stops the run like any store failure (the run goes on from the recorded steps).
    const failing = new CheckpointGate('run')
    failing.add('model:#1', Promise.reject(new RunStoreError('connection refused')))
    await expect(failing.settled()).rejects.toThrow('connection refused')
    expect(failing.raced).toBeUndefined()
  })
})
