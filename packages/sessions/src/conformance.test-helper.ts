import { AdkFluentError, type BaseSessionService, type Event, type Session } from '@adk-fluent/core'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeSessionInput } from './conformance-input.test-helper.js'
import { describeSessionIsolation } from './conformance-isolation.test-helper.js'
import { code, delta, ev } from './conformance-kit.test-helper.js'

/** A service under test and how to dispose of it. */
export interface ConformanceTarget {
  readonly service: BaseSessionService
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The session-service contract (`BaseSessionService`), as one suite any implementation runs: identity and CRUD,
 * state scopes, event order and round trip, ADK Python's read semantics, revisions (stale views), idempotent
 * appends and leases; with hostile input and isolation between apps and users in suites of their own.
 */
export function describeSessionService(name: string, open: () => Promise<ConformanceTarget>): void {
  describeSessionInput(name, open)
  describeSessionIsolation(name, open)
  describe(`session-service conformance: ${name}`, () => {
    let target: ConformanceTarget
    let service: BaseSessionService
    let app: string
    const fresh = () => {
      app = `app_${randomUUID().slice(0, 8)}`
      return app
    }
    const reread = (session: Session, config?: { numRecentEvents?: number; afterTimestamp?: number }) =>
      service.getSession({
        appName: session.appName,
        userId: session.userId,
        sessionId: session.id,
        ...(config ? { config } : {}),
      })

    beforeAll(async () => {
      target = await open()
      service = target.service
    })
    afterAll(async () => {
      await target?.close()
    })

    it('creates with a generated or given id; a duplicate id throws AlreadyExistsError', async () => {
      const generated = await service.createSession({ appName: fresh(), userId: 'u' })
      expect(generated.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(generated.revision).toBe(0)
      const given = await service.createSession({ appName: app, userId: 'u', sessionId: 's1', state: { k: 1 } })
      expect(given.id).toBe('s1')
      expect(await code(service.createSession({ appName: app, userId: 'u', sessionId: 's1' }))).toBe('SESSION_EXISTS')
      expect((await service.getSession({ appName: app, userId: 'u', sessionId: 's1' }))?.state).toEqual({ k: 1 })
    })

    it('get of an unknown id is undefined; delete removes the session and its events; delete of unknown is a no-op', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      await service.appendEvent({ session, event: ev() })
      expect(await service.getSession({ appName: app, userId: 'u', sessionId: 'nope' })).toBeUndefined()
      await service.deleteSession({ appName: app, userId: 'u', sessionId: 'nope' })
      await service.deleteSession({ appName: app, userId: 'u', sessionId: session.id })
      expect(await reread(session)).toBeUndefined()
      expect(await code(service.appendEvent({ session, event: ev() }))).toBe('SESSION_NOT_FOUND')
      const again = await service.createSession({ appName: app, userId: 'u', sessionId: session.id })
      expect((await reread(again))?.events).toEqual([])
      expect(await code(service.appendEvent({ session, event: ev() })), 'the old view is stale').toBe('SESSION_STALE')
    })

    it('listSessions returns merged state and no events, per user or for every user', async () => {
      const a = await service.createSession({
        appName: fresh(),
        userId: 'u1',
        state: { k: 'a', 'app:shared': 1, 'user:name': 'Ann' },
      })
      await service.appendEvent({ session: a, event: delta({ n: 1 }) })
      await service.createSession({ appName: app, userId: 'u2', state: { k: 'b' } })
      const mine = (await service.listSessions({ appName: app, userId: 'u1' })).sessions
      expect(mine.map((session) => session.id)).toEqual([a.id])
      expect(mine[0]?.events).toEqual([])
      expect(mine[0]?.state).toEqual({ k: 'a', n: 1, 'app:shared': 1, 'user:name': 'Ann' })
      const all = (await service.listSessions({ appName: app })).sessions
      expect(all.map((session) => session.userId).sort()).toEqual(['u1', 'u2'])
      expect(all.find((session) => session.userId === 'u2')?.state).toEqual({ k: 'b', 'app:shared': 1 })
      expect((await service.listSessions({ appName: `${app}_none` })).sessions).toEqual([])
    })

    it('splits state into session, app: and user: scopes; temp: is never stored', async () => {
      const a = await service.createSession({
        appName: fresh(),
        userId: 'u1',
        state: { k: 1, 'app:a': 'A', 'user:u': 'U', 'temp:t': 'T' },
      })
      expect(a.state).toEqual({ k: 1, 'app:a': 'A', 'user:u': 'U' })
      const sameUser = await service.createSession({ appName: app, userId: 'u1' })
      const otherUser = await service.createSession({ appName: app, userId: 'u2' })
      expect(sameUser.state).toEqual({ 'app:a': 'A', 'user:u': 'U' })
      expect(otherUser.state).toEqual({ 'app:a': 'A' })
      const event = delta({ 'app:a': 'A2', 'user:u': 'U2', 'temp:x': 1, s: 2 })
      await service.appendEvent({ session: a, event })
      expect(a.state).toMatchObject({ 'app:a': 'A2', 'user:u': 'U2', s: 2 })
      expect(a.state['temp:x']).toBeUndefined()
      expect((await reread(otherUser))?.state).toEqual({ 'app:a': 'A2' })
      expect((await reread(sameUser))?.state).toEqual({ 'app:a': 'A2', 'user:u': 'U2' })
      const stored = await reread(a)
      expect(stored?.state).toEqual({ k: 1, s: 2, 'app:a': 'A2', 'user:u': 'U2' })
      expect(stored?.events[0]?.actions.stateDelta).toEqual({ 'app:a': 'A2', 'user:u': 'U2', s: 2 })
    })

    it('merges deltas shallowly and keeps null values (ADK DatabaseSessionService semantics)', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u', state: { b: { x: 1 }, keep: true } })
      await service.appendEvent({ session, event: delta({ b: { y: 2 }, c: null }) })
      const stored = await reread(session)
      expect(stored?.state).toEqual({ b: { y: 2 }, c: null, keep: true })
    })

    it('reads events in append order, also when they share a millisecond; partial events are not stored', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      const now = Date.now()
      const ids: string[] = []
      for (let index = 0; index < 5; index++) {
        const event = ev({ timestamp: now, content: { role: 'model', parts: [{ text: `m${index}` }] } })
        ids.push(event.id)
        await service.appendEvent({ session, event })
      }
      await service.appendEvent({
        session,
        event: ev({ partial: true, content: { role: 'model', parts: [{ text: 'p' }] } }),
      })
      const stored = await reread(session)
      expect(stored?.events.map((event) => event.id)).toEqual(ids)
      const times = stored?.events.map((event) => event.timestamp) ?? []
      for (let index = 1; index < times.length; index++)
        expect(times[index]).toBeGreaterThanOrEqual(times[index - 1] as number)
      expect(stored?.lastUpdateTime).toBe(times.at(-1))
      expect(stored?.revision).toBe(5)
    })

    it('round-trips every event field', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      const event = ev({
        author: 'writer',
        branch: 'par.a',
        content: {
          role: 'model',
          parts: [
            { text: 'hello', thought: false },
            {
              functionCall: {
                id: 'c1',
                name: 'look_up',
                args: { orderId: 'A-1', nested: { camelKey: [1, { deepKey: null }] } },
              },
            },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo+/w==' } },
          ],
        },
        longRunningToolIds: ['c1'],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 },
        customMetadata: { camelCase: { innerKey: 1 }, snake_case: true },
        turnComplete: true,
        actions: {
          stateDelta: { someKey: { nestedKey: 1 }, n: null },
          artifactDelta: { 'report.txt': 2 },
          transferToAgent: 'helper',
          escalate: true,
          requestedToolConfirmations: { c1: { hint: 'sure?', confirmed: false, payload: { camelKey: 1 } } },
        },
      })
      const response = ev({
        author: 'writer',
        content: {
          role: 'user',
          parts: [{ functionResponse: { id: 'c1', name: 'look_up', response: { resultKey: { a: 1 } } } }],
        },
      })
      await service.appendEvent({ session, event })
      await service.appendEvent({ session, event: response })
      const [read, readResponse] = (await reread(session))?.events ?? []
      const { timestamp: _t, ...rest } = event
      const { timestamp: _u, ...restRead } = read as Event
      expect(restRead).toEqual(rest)
      expect(readResponse?.content).toEqual(response.content)
      expect(Math.abs((read?.timestamp ?? 0) - event.timestamp)).toBeLessThan(1)
    })

    it('numRecentEvents (0 = no events) and an inclusive afterTimestamp select the trailing events', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      const base = Date.now() - 10_000
      for (let index = 0; index < 6; index++)
        await service.appendEvent({ session, event: ev({ timestamp: base + index * 1000 }) })
      const all = (await reread(session))?.events ?? []
      expect(all).toHaveLength(6)
      expect((await reread(session, { numRecentEvents: 3 }))?.events.map((e) => e.id)).toEqual(
        all.slice(3).map((e) => e.id),
      )
      const none = await reread(session, { numRecentEvents: 0 })
      expect(none?.events).toEqual([])
      expect(none?.revision).toBe(6)
      const after = await reread(session, { afterTimestamp: all[2]?.timestamp as number })
      expect(after?.events.map((e) => e.id)).toEqual(all.slice(2).map((e) => e.id))
      const both = await reread(session, { afterTimestamp: all[2]?.timestamp as number, numRecentEvents: 2 })
      expect(both?.events.map((e) => e.id)).toEqual(all.slice(4).map((e) => e.id))
    })

    it("afterTimestamp set to a read event's own timestamp returns exactly the events read at or after it", async () => {
      // Four events per millisecond over ten fixed milliseconds: stores that keep timestamps strictly increasing move
      // events sharing a millisecond apart by a microsecond; either way a timestamp read back selects its own event.
      // (SQLite stored seconds and compared `ms / 1000`, which can round above `seconds`: the 20th event dropped out.)
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      const base = Date.UTC(2030, 0, 1, 12)
      for (let index = 0; index < 40; index++)
        await service.appendEvent({ session, event: ev({ timestamp: base + Math.floor(index / 4) }) })
      const all = (await reread(session))?.events ?? []
      expect(all).toHaveLength(40)
      const wrong: string[] = []
      for (const [index, event] of all.entries()) {
        const ids = (await reread(session, { afterTimestamp: event.timestamp }))?.events.map((e) => e.id)
        const expected = all.filter((e) => e.timestamp >= event.timestamp).map((e) => e.id)
        if (!ids?.includes(event.id) || JSON.stringify(ids) !== JSON.stringify(expected))
          wrong.push(`#${index} (${event.timestamp}): ${ids?.length} events`)
      }
      expect(wrong).toEqual([])
    })

    it('returns copies: changing a returned state does not change the store', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u', state: { k: 1 } })
      session.state['k'] = 2
      expect((await reread(session))?.state).toEqual({ k: 1 })
    })

    it('appending an event id again is a no-op (idempotent)', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      const event = delta({ n: 1 })
      await service.appendEvent({ session, event })
      const again = await reread(session)
      await service.appendEvent({ session: again as Session, event: { ...event, actions: { ...event.actions } } })
      const stored = await reread(session)
      expect(stored?.events.map((e) => e.id)).toEqual([event.id])
      expect(stored?.revision).toBe(1)
    })

    it('an append from a stale view throws StaleSessionError and writes nothing; a fresh read can append', async () => {
      const created = await service.createSession({ appName: fresh(), userId: 'u' })
      const first = (await reread(created)) as Session
      const second = (await reread(created)) as Session
      await service.appendEvent({ session: first, event: delta({ by: 'first' }) })
      const refused = delta({ by: 'second' })
      let error: unknown
      await service.appendEvent({ session: second, event: refused }).catch((caught: unknown) => (error = caught))
      expect(AdkFluentError.isInstance(error) && error.code).toBe('SESSION_STALE')
      expect(error).toMatchObject({ expectedRevision: 0, actualRevision: 1 })
      const stored = (await reread(created)) as Session
      expect(stored.state).toEqual({ by: 'first' })
      expect(stored.events).toHaveLength(1)
      await service.appendEvent({ session: stored, event: delta({ by: 'retry' }) })
      expect((await reread(created))?.state).toEqual({ by: 'retry' })
    })

    it('concurrent appends through one view are serialised: all stored, revision = count', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          service.appendEvent({ session, event: delta({ [`k${index}`]: index }) }),
        ),
      )
      const stored = await reread(session)
      expect(stored?.events).toHaveLength(20)
      expect(stored?.revision).toBe(20)
      expect(Object.keys(stored?.state ?? {})).toHaveLength(20)
    })

    it('appendEvent is O(1) in the session length: it pushes onto the view, never reads, copies or re-checks its events', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      await service.appendEvent({ session, event: ev() })
      // The view of a long session (20,000 events before the stored one), watched: only push (and the length it
      // reads) may touch it; an index read, iteration, copy or search of the history shows up in `touched`.
      const history = [...Array.from({ length: 20_000 }, () => ev()), ...session.events]
      const touched = new Set<string>()
      session.events = new Proxy(history, {
        get(target, key, receiver) {
          if (key !== 'push' && key !== 'length') touched.add(String(key))
          return Reflect.get(target, key, receiver) as unknown
        },
      })
      await service.appendEvent({ session, event: ev() })
      await service.appendEvent({ session, event: delta({ k: 1, 'user:u': 2 }) })
      await service.appendEvent({ session, event: ev({ content: { role: 'model', parts: [{ text: 'x' }] } }) })
      expect([...touched]).toEqual([])
      expect(history).toHaveLength(20_004)
      expect(session.revision).toBe(4)
      expect(session.state).toEqual({ k: 1, 'user:u': 2 })
      expect((await reread(session))?.events.map((event) => event.id)).toEqual(history.slice(20_000).map((e) => e.id))
    })

    it('leases: one holder; others and lease-less appends are refused; an expired lease is taken over with a new fence', async () => {
      const { acquireLease, renewLease, releaseLease } = service
      expect(acquireLease && renewLease && releaseLease, 'the service implements leases').toBeTruthy()
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      const at = { appName: app, userId: 'u', sessionId: session.id }
      const a = await service.acquireLease?.({ ...at, owner: 'run-a', ttlMs: 30_000 })
      expect(a?.fence).toBeGreaterThan(0)
      expect(await service.acquireLease?.({ ...at, owner: 'run-b', ttlMs: 30_000 })).toBeUndefined()
      expect(await code(service.appendEvent({ session, event: ev() }))).toBe('SESSION_BUSY')
      await service.appendEvent({ session, event: ev(), ...(a ? { lease: a } : {}) })
      expect(await service.renewLease?.(a as NonNullable<typeof a>, 30_000)).toBe(true)
      await service.releaseLease?.(a as NonNullable<typeof a>)
      const b = await service.acquireLease?.({ ...at, owner: 'run-b', ttlMs: 300 })
      expect(b).toBeDefined()
      await sleep(700)
      const c = await service.acquireLease?.({ ...at, owner: 'run-c', ttlMs: 30_000 })
      expect(c?.fence).toBe((b?.fence ?? 0) + 1)
      expect(await service.renewLease?.(b as NonNullable<typeof b>, 30_000)).toBe(false)
      expect(await code(service.appendEvent({ session, event: ev(), ...(b ? { lease: b } : {}) }))).toBe('SESSION_BUSY')
      expect((await reread(session))?.events).toHaveLength(1)
      await service.releaseLease?.(c as NonNullable<typeof c>)
      await service.appendEvent({ session, event: ev() })
      expect(
        await code(
          service.acquireLease?.({ appName: app, userId: 'u', sessionId: 'missing', owner: 'x', ttlMs: 1000 }) ??
            Promise.resolve(),
        ),
      ).toBe('SESSION_NOT_FOUND')
    })

    it('leases: the fence comes before the idempotency short-cut (a run that lost the session is refused even for an event already stored)', async () => {
      const session = await service.createSession({ appName: fresh(), userId: 'u' })
      const at = { appName: app, userId: 'u', sessionId: session.id }
      const old = await service.acquireLease?.({ ...at, owner: 'run-old', ttlMs: 200 })
      await sleep(400)
      const taken = await service.acquireLease?.({ ...at, owner: 'run-new', ttlMs: 30_000 })
      expect(taken?.fence).toBe((old?.fence ?? 0) + 1)
      // The new holder stores the event; the old one (same event id, a re-execution of the same step) is refused.
      const event = ev()
      await service.appendEvent({
        session: (await reread(session)) as Session,
        event,
        ...(taken ? { lease: taken } : {}),
      })
      const copy = { ...event, actions: { ...event.actions } }
      const late = service.appendEvent({
        session: (await reread(session)) as Session,
        event: copy,
        ...(old ? { lease: old } : {}),
      })
      expect(await code(late)).toBe('SESSION_BUSY')
      // The holder's own repeat is still a no-op.
      await service.appendEvent({
        session: (await reread(session)) as Session,
        event: { ...copy },
        ...(taken ? { lease: taken } : {}),
      })
      expect((await reread(session))?.events.map((e) => e.id)).toEqual([event.id])
    })
  })
}
