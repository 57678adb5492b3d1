import { describe, expect, it } from 'vitest'
import { AbortError, ModelError, ToolError } from '@adk-fluent/core'
import { CheckpointGate } from './checkpoint-gate.js'
import { DurableHooks } from './durable-hooks.js'
import type { RunOwnership } from './run-ownership.js'
import type { RunStore } from './run-store.js'

/** Hooks over a store that keeps what it is asked to record (no database: #step's decision is under test). */
function hooksWithStore() {
  const recorded: { key: string; error?: { name: string; message: string } }[] = []
  const store = {
    recordStep: async (_runId: string, key: string, text: string) => {
      const record = JSON.parse(text) as { error?: { name: string; message: string } }
      recorded.push({ key, ...(record.error ? { error: record.error } : {}) })
      return true
    },
  } as unknown as RunStore
  const hooks = new DurableHooks({
    runId: 'run-1',
    startedAt: 0,
    abort: new AbortController(),
    store,
    recorded: new Map(),
    // This execution owns the run throughout: the test is about what gets recorded, not about ownership.
    ownership: { check: async () => undefined } as unknown as RunOwnership,
    checkpoints: new CheckpointGate('run-1'),
  })
  return { hooks, recorded }
}

const info = { agentName: 'a', branch: undefined, invocationId: 'i' } as never

describe('durable hooks record every outcome but an abort', () => {
  it('a model call that fails with a ModelError (or ToolError) is recorded, so a re-execution replays it', async () => {
    const { hooks, recorded } = hooksWithStore()
    await expect(hooks.runModelCall(info, () => Promise.reject(new ModelError('quota exceeded')))).rejects.toThrow(
      'quota exceeded',
    )
    await expect(hooks.runModelCall(info, () => Promise.reject(new ToolError('broken')))).rejects.toThrow('broken')
    expect(recorded.map((step) => step.error?.name)).toEqual(['ModelError', 'ToolError'])
  })

  it('an abort is not recorded: the run stops and a later execution makes the call again', async () => {
    const { hooks, recorded } = hooksWithStore()
    await expect(hooks.runModelCall(info, () => Promise.reject(new AbortError()))).rejects.toThrow('aborted')
    expect(recorded).toEqual([])
  })
})
