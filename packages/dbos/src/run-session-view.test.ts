import { describe, expect, it } from 'vitest'
import { InMemorySessionService, createEvent, type BaseSessionService, type Event } from '@adk-fluent/core'
import { RunSessionView } from './run-session-view.js'
import { noLease } from './session-hold.js'

const key = { appName: 'app', userId: 'u', sessionId: 's' }

async function sessionWith(count: number): Promise<{ service: BaseSessionService; events: Event[] }> {
  const service = new InMemorySessionService()
  const session = await service.createSession(key)
  const events: Event[] = []
  for (let index = 0; index < count; index++) {
    const event = createEvent({ invocationId: 'e', author: `a${index}` })
    event.actions.stateDelta[`k${index}`] = index
    events.push(await service.appendEvent({ session, event }))
  }
  return { service, events }
}

describe('RunSessionView', () => {
  it('a re-execution reads the session as the run found it, with the tail the runner asked for; stored events are not written again', async () => {
    const { service, events } = await sessionWith(4)
    const view = new RunSessionView(service, key, {
      snapshot: { eventCount: 2, state: { k0: 0, k1: 1 }, startedAt: 0 },
      replaying: true,
      hold: noLease,
    })
    const read = await view.getSession({ ...key, config: { numRecentEvents: 1 } })
    expect(read?.events.map((event) => event.author)).toEqual(['a1'])
    expect(read?.state).toEqual({ k0: 0, k1: 1 })
    expect(view.alreadyStored).toBe(2)
    await view.appendEvent({ session: read as NonNullable<typeof read>, event: events[2] as Event })
    expect(read?.state).toMatchObject({ k2: 2 })
    expect((await service.getSession(key))?.events).toHaveLength(4)
  })

  it('a first execution reads the session it recorded once (no second query), then the service', async () => {
    const { service } = await sessionWith(3)
    const initial = await service.getSession(key)
    let reads = 0
    const counting: BaseSessionService = Object.assign(Object.create(service) as BaseSessionService, {
      getSession: (request: Parameters<BaseSessionService['getSession']>[0]) => {
        reads++
        return service.getSession(request)
      },
    })
    const view = new RunSessionView(counting, key, {
      snapshot: { eventCount: 3, state: {}, startedAt: 0 },
      replaying: false,
      hold: noLease,
      initial,
    })
    const first = await view.getSession({ ...key, config: { numRecentEvents: 2 } })
    expect(first?.events.map((event) => event.author)).toEqual(['a1', 'a2'])
    expect(reads).toBe(0)
    await view.getSession(key)
    expect(reads).toBe(1)
  })

  it("hands the runner the durable run's lease for its session", async () => {
    const { service } = await sessionWith(0)
    const lease = { ...key, owner: 'run@w1', fence: 3 }
    let lost = false
    const view = new RunSessionView(service, key, {
      snapshot: { eventCount: 0, state: {}, startedAt: 0 },
      replaying: false,
      hold: { ...noLease, lease, lost: () => lost },
    })
    expect(await view.acquireLease?.({ ...key, owner: 'runner-owner', ttlMs: 1000 })).toBe(lease)
    expect(await view.renewLease?.(lease, 1000)).toBe(true)
    lost = true
    expect(await view.renewLease?.(lease, 1000)).toBe(false)
  })
})
