import { describe, expect, it } from 'vitest'
import { createEvent, type Event } from '../events/event.js'
import { InMemorySessionService } from './in-memory-session-service.js'
import { State } from './state.js'
import { SessionNotFoundError } from '../errors/runtime-errors.js'

const app = 'my_app'

function deltaEvent(delta: Record<string, unknown>, timestamp?: number): Event {
  return createEvent({
    author: 'agent',
    actions: { stateDelta: delta },
    ...(timestamp !== undefined ? { timestamp } : {}),
  })
}

describe('InMemorySessionService (spec 10.2)', () => {
  it('#9 unknown app, user or session → undefined', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u', sessionId: 's' })
    expect(await service.getSession({ appName: 'other', userId: 'u', sessionId: 's' })).toBeUndefined()
    expect(await service.getSession({ appName: app, userId: 'other', sessionId: 's' })).toBeUndefined()
    expect(await service.getSession({ appName: app, userId: 'u', sessionId: 'missing' })).toBeUndefined()
    expect(await service.getSession({ appName: app, userId: 'u', sessionId: session.id })).toBeDefined()
  })

  it('#10 create, get, delete (twice without error)', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'test_user', state: { key: 'value' } })
    expect(session.id).not.toBe('')
    expect(session.state).toEqual({ key: 'value' })
    expect(session).toMatchObject({ appName: app, userId: 'test_user', events: [] })
    const read = await service.getSession({ appName: app, userId: 'test_user', sessionId: session.id })
    expect(read).toEqual(session)
    await service.deleteSession({ appName: app, userId: 'test_user', sessionId: session.id })
    expect(await service.getSession({ appName: app, userId: 'test_user', sessionId: session.id })).toBeUndefined()
    await expect(
      service.deleteSession({ appName: app, userId: 'test_user', sessionId: session.id }),
    ).resolves.toBeUndefined()
  })

  it('generates distinct ids and trims given ones', async () => {
    const service = new InMemorySessionService()
    const a = await service.createSession({ appName: app, userId: 'u' })
    const b = await service.createSession({ appName: app, userId: 'u' })
    expect(a.id).not.toBe(b.id)
    const trimmed = await service.createSession({ appName: app, userId: 'u', sessionId: '  s1  ' })
    expect(trimmed.id).toBe('s1')
  })

  it('#11 listSessions returns the sessions in creation order, without events, with merged state', async () => {
    const service = new InMemorySessionService()
    for (let index = 0; index < 5; index++) {
      const session = await service.createSession({
        appName: app,
        userId: 'u',
        sessionId: `session${index}`,
        state: { index },
      })
      await service.appendEvent({ session, event: deltaEvent({ x: index }) })
    }
    await service.createSession({ appName: app, userId: 'someone_else', sessionId: 'other' })
    const { sessions } = await service.listSessions({ appName: app, userId: 'u' })
    expect(sessions.map((session) => session.id)).toEqual(['session0', 'session1', 'session2', 'session3', 'session4'])
    sessions.forEach((session, index) => {
      expect(session.events).toEqual([])
      expect(session.state).toEqual({ index, x: index })
    })
    expect((await service.listSessions({ appName: 'unknown', userId: 'u' })).sessions).toEqual([])
    expect((await service.listSessions({ appName: app, userId: 'nobody' })).sessions).toEqual([])
  })

  it('#12 #13 app:, user: and temp: prefixes', async () => {
    const service = new InMemorySessionService()
    const session11 = await service.createSession({
      appName: app,
      userId: 'user1',
      sessionId: 'session11',
      state: { key11: 'value11' },
    })
    const session12 = await service.createSession({
      appName: app,
      userId: 'user1',
      sessionId: 'session12',
      state: { key12: 'value12' },
    })
    const session2 = await service.createSession({ appName: app, userId: 'user2', sessionId: 'session2' })
    await service.appendEvent({
      session: session11,
      event: deltaEvent({ 'app:key': 'value', 'user:key1': 'value1', 'temp:key': 'temp', key11: 'value11_new' }),
    })
    expect(session11.state).toEqual({ 'app:key': 'value', 'user:key1': 'value1', key11: 'value11_new' })
    expect(session11.state).not.toHaveProperty('temp:key')

    const stored11 = await service.getSession({ appName: app, userId: 'user1', sessionId: session11.id })
    expect(stored11?.state).toEqual({ 'app:key': 'value', 'user:key1': 'value1', key11: 'value11_new' })
    const read12 = await service.getSession({ appName: app, userId: 'user1', sessionId: session12.id })
    expect(read12?.state).toEqual({ key12: 'value12', 'app:key': 'value', 'user:key1': 'value1' })
    const read2 = await service.getSession({ appName: app, userId: 'user2', sessionId: session2.id })
    expect(read2?.state).toEqual({ 'app:key': 'value' })

    // #13: a new session of user1 starts with the app and user scopes, nothing session-scoped or temporary.
    const fresh = await service.createSession({ appName: app, userId: 'user1', state: {} })
    expect(fresh.state).toEqual({ 'app:key': 'value', 'user:key1': 'value1' })
    const otherApp = await service.createSession({ appName: 'other_app', userId: 'user1' })
    expect(otherApp.state).toEqual({})
  })

  it('#14 a partial event is returned as is and changes nothing', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    const partial = createEvent({
      author: 'a',
      partial: true,
      content: { role: 'model', parts: [{ text: 'hel' }] },
      actions: { stateDelta: { k: 1 } },
    })
    const returned = await service.appendEvent({ session, event: partial })
    expect(returned).toBe(partial)
    expect(Object.isFrozen(partial)).toBe(false)
    expect(session.events).toEqual([])
    expect(session.state).toEqual({})
    const stored = await service.getSession({ appName: app, userId: 'u', sessionId: session.id })
    expect(stored?.events).toEqual([])
    expect(stored?.state).toEqual({})
  })

  it('#15 numRecentEvents and afterTimestamp', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    for (let timestamp = 1; timestamp <= 5; timestamp++)
      await service.appendEvent({ session, event: deltaEvent({}, timestamp) })
    const read = async (config: { numRecentEvents?: number; afterTimestamp?: number }) =>
      (await service.getSession({ appName: app, userId: 'u', sessionId: session.id, config }))?.events.map(
        (event) => event.timestamp,
      )
    expect(await read({ numRecentEvents: 3 })).toEqual([3, 4, 5])
    expect(await read({ afterTimestamp: 4 })).toEqual([4, 5])
    expect(await read({ afterTimestamp: 50 })).toEqual([])
    expect(await read({ afterTimestamp: 1 })).toEqual([1, 2, 3, 4, 5])
    expect(await read({ numRecentEvents: 3, afterTimestamp: 4 })).toEqual([4, 5])
    expect(await read({})).toEqual([1, 2, 3, 4, 5])
  })

  it('#16 appendEvent updates lastUpdateTime, and a fresh read shows the event and state', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    const event = deltaEvent({ k: 'v' }, 123_456)
    expect(await service.appendEvent({ session, event })).toBe(event)
    expect(session.lastUpdateTime).toBe(123_456)
    const stored = await service.getSession({ appName: app, userId: 'u', sessionId: session.id })
    expect(stored?.lastUpdateTime).toBe(123_456)
    expect(stored?.events).toEqual([event])
    expect(stored?.state).toEqual({ k: 'v' })
  })

  it('#17 temp: keys are stripped from stored deltas and from the initial state', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u', state: { 'temp:x': 1, y: 2 } })
    expect(session.state).toEqual({ y: 2 })
    const event = deltaEvent({ 'temp:t': 'secret', kept: true })
    await service.appendEvent({ session, event })
    const stored = await service.getSession({ appName: app, userId: 'u', sessionId: session.id })
    expect(stored?.events[0]?.actions.stateDelta).toEqual({ kept: true })
    expect(stored?.state).toEqual({ y: 2, kept: true })
  })

  it('#18 an event with every field round-trips unchanged', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    const event = createEvent({
      invocationId: 'e-1',
      author: 'agent',
      branch: 'p.a',
      content: {
        role: 'model',
        parts: [
          { text: 'look' },
          { inlineData: { mimeType: 'image/png', data: Buffer.from([1, 2, 3]).toString('base64') } },
        ],
      },
      turnComplete: true,
      errorCode: 'E',
      errorMessage: 'm',
      longRunningToolIds: ['c1', 'c2'],
      actions: {
        escalate: true,
        transferToAgent: 'other',
        artifactDelta: { f: 2 },
        stateDelta: { s: { nested: [1] } },
      },
    })
    const expected = structuredClone(event)
    await service.appendEvent({ session, event })
    const stored = await service.getSession({ appName: app, userId: 'u', sessionId: session.id })
    expect(stored?.events).toEqual([expected])
  })
})

describe('InMemorySessionService without history copies', () => {
  it('getSession shares the stored history: later appends are visible in an earlier read', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    const earlier = await service.getSession({ appName: app, userId: 'u', sessionId: session.id })
    const event = deltaEvent({ k: 1 })
    await service.appendEvent({ session, event })
    expect(earlier?.events).toHaveLength(1)
    expect(earlier?.events[0]).toBe(event)
    expect(session.events).toHaveLength(1)
    const later = await service.getSession({ appName: app, userId: 'u', sessionId: session.id })
    expect(later?.events).toBe(earlier?.events)
  })

  it('appends through a shared view once, and through a windowed view to both', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    await service.appendEvent({ session, event: deltaEvent({}) })
    const windowed = await service.getSession({
      appName: app,
      userId: 'u',
      sessionId: session.id,
      config: { numRecentEvents: 1 },
    })
    if (!windowed) throw new Error('missing')
    await service.appendEvent({ session: windowed, event: deltaEvent({}) })
    expect(windowed.events).toHaveLength(2)
    expect((await service.getSession({ appName: app, userId: 'u', sessionId: session.id }))?.events).toHaveLength(2)
  })

  it('freezes events when they are appended', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    const event = deltaEvent({ k: 1 })
    await service.appendEvent({ session, event })
    expect(Object.isFrozen(event)).toBe(true)
    expect(() => {
      ;(event as { author: string }).author = 'someone else'
    }).toThrow(TypeError)
  })

  it('state reads are snapshots: changing a returned state does not change the store', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u', state: { k: 1 } })
    session.state['k'] = 2
    const read = await service.getSession({ appName: app, userId: 'u', sessionId: session.id })
    expect(read?.state).toEqual({ k: 1 })
  })

  it('appending to a deleted session throws SessionNotFoundError and stores nothing', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: 'u' })
    await service.deleteSession({ appName: app, userId: 'u', sessionId: session.id })
    await expect(service.appendEvent({ session, event: deltaEvent({ 'app:k': 1 }) })).rejects.toThrow(
      SessionNotFoundError,
    )
    expect(session.events).toHaveLength(0)
    const other = await service.createSession({ appName: app, userId: 'u' })
    expect(other.state).toEqual({})
  })
})

describe('State', () => {
  it('reads the pending delta first, then temp values, then the session state; writes go only to the delta', () => {
    const value = { a: 1, b: 1 }
    const delta: Record<string, unknown> = {}
    const temp = { 'temp:t': 'temp', b: 'shadowed' }
    const state = new State(value, delta, temp)
    expect(state.get('a')).toBe(1)
    expect(state.get('temp:t')).toBe('temp')
    expect(state.get('b')).toBe('shadowed')
    expect(state.hasDelta()).toBe(false)
    state.set('a', 2)
    expect(state.get('a')).toBe(2)
    expect(value.a).toBe(1)
    expect(delta).toEqual({ a: 2 })
    expect(state.hasDelta()).toBe(true)
    state.update({ c: 3 })
    expect(state.toRecord()).toEqual({ a: 2, b: 'shadowed', 'temp:t': 'temp', c: 3 })
  })

  it('treats null as absent and returns the default', () => {
    const state = new State({ gone: null }, {})
    expect(state.has('gone')).toBe(false)
    expect(state.get('gone', 'fallback')).toBe('fallback')
    expect(state.get('missing', 7)).toBe(7)
    state.set('gone', 'back')
    expect(state.has('gone')).toBe(true)
  })

  it('exposes the ADK prefixes', () => {
    expect([State.APP_PREFIX, State.USER_PREFIX, State.TEMP_PREFIX]).toEqual(['app:', 'user:', 'temp:'])
  })
})

describe('stored events are compact and read-only', () => {
  it('shares one frozen empty actions object between events without actions, and keeps real deltas', async () => {
    const { InMemorySessionService: Service } = await import('./in-memory-session-service.js')
    const { createEvent: make } = await import('../events/event.js')
    const service = new Service()
    const session = await service.createSession({ appName: 'app', userId: 'u' })
    const first = await service.appendEvent({
      session,
      event: make({ author: 'a', content: { role: 'model', parts: [{ text: 'x' }] } }),
    })
    const second = await service.appendEvent({
      session,
      event: make({ author: 'a', content: { role: 'model', parts: [{ text: 'y' }] } }),
    })
    const withDelta = await service.appendEvent({
      session,
      event: make({ author: 'a', actions: { stateDelta: { k: 1 } } }),
    })
    expect(first.actions).toBe(second.actions)
    expect(Object.isFrozen(first.actions)).toBe(true)
    expect(first.actions).toEqual({
      stateDelta: {},
      artifactDelta: {},
      requestedAuthConfigs: {},
      requestedToolConfirmations: {},
    })
    expect(() => {
      first.actions.stateDelta['k'] = 2
    }).toThrow(TypeError)
    const original = make({ author: 'a', actions: { stateDelta: { k: 2 } } })
    const held = original.actions
    await service.appendEvent({ session, event: original })
    held.artifactDelta['late.txt'] = 0
    expect(held.artifactDelta).toEqual({ 'late.txt': 0 })
    expect(withDelta.actions.stateDelta).toEqual({ k: 1 })
    expect(withDelta.actions.artifactDelta).toBe(first.actions.artifactDelta)
    expect(session.state).toEqual({ k: 2 })
  })

  it('re-appending any stored event (not only the last) is a no-op, with timestamps in order or not', async () => {
    const service = new InMemorySessionService()
    for (const timestamps of [
      [1, 2, 3, 4],
      [4, 2, 3, 1],
      [2, 2, 2, 2],
    ]) {
      const session = await service.createSession({ appName: 'app', userId: 'u' })
      const events = timestamps.map((timestamp, index) => {
        const event = createEvent({ author: 'a', actions: { stateDelta: { n: index } } })
        event.timestamp = timestamp
        return event
      })
      for (const event of events) await service.appendEvent({ session, event })
      for (const event of events) await service.appendEvent({ session, event: { ...event } })
      const stored = await service.getSession({ appName: 'app', userId: 'u', sessionId: session.id })
      expect(stored?.events.map((event) => event.id)).toEqual(events.map((event) => event.id))
      expect(stored?.state['n']).toBe(3)
    }
  })
})
