import type { DBOSClient } from '@dbos-inc/dbos-sdk'
import { describe, expect, it } from 'vitest'
import { CancelWatch } from './cancel-watch.js'

describe('CancelWatch', () => {
  it('asks only about runs still watched, and sends no query once none is (no `IN ()` for PostgreSQL to refuse)', async () => {
    const asked: string[][] = []
    const client = {
      listWorkflows: async (input: { workflowIDs: string[] }) => {
        asked.push(input.workflowIDs)
        return input.workflowIDs.includes('b') ? [{ workflowID: 'b' }] : []
      },
    } as unknown as DBOSClient
    const watch = new CancelWatch(client, 10)
    const a = new AbortController()
    const b = new AbortController()
    const unwatchA = watch.watch('a', a)
    watch.watch('b', b)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(b.signal.aborted).toBe(true)
    expect(a.signal.aborted).toBe(false)
    // Both runs end while a poll is scheduled: that poll asks nothing.
    unwatchA()
    watch.close()
    const c = new AbortController()
    const unwatchC = watch.watch('c', c)
    unwatchC()
    const before = asked.length
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(asked.length).toBe(before)
    expect(asked.every((ids) => ids.length > 0)).toBe(true)
    watch.close()
  })
})
