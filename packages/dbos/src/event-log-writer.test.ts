import { describe, expect, it } from 'vitest'
import { createEvent, type Event } from '@adk-fluent/core'
import { EventLogWriter } from './event-log-writer.js'
import type { RunStore } from './run-store.js'

/** A run store that keeps each log write (the event ids it carried). */
function loggingStore() {
  const writes: string[][] = []
  const store = {
    logEvents: async (_runId: string, events: readonly Event[]) => {
      writes.push(events.map((event) => event.id))
    },
  } as unknown as RunStore
  return { store, writes }
}

const event = () => createEvent({ invocationId: 'e-run', author: 'a' })

describe('the event log writer', () => {
  it('events that come together go in one write, in order, within 25 ms; flush writes what waits at once', async () => {
    const { store, writes } = loggingStore()
    const log = new EventLogWriter(store, 'run')
    const [one, two, three] = [event(), event(), event()]
    log.add(one)
    log.add(two)
    expect(writes).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(writes).toEqual([[one.id, two.id]])
    log.add(three)
    await log.flush()
    expect(writes).toEqual([[one.id, two.id], [three.id]])
    await log.flush()
    expect(writes).toHaveLength(2)
  })
})
