import type { Event } from '../events/event.js'
import { nullRecord } from '../util/null-record.js'
import type { SessionLease } from './base-session-service.js'
import { hasKeys, keyInScope, scopeOf, type SplitState } from './scoped-state.js'
import type {
  AppendedEvent,
  AppendFacts,
  EventAppend,
  EventWindow,
  LeaseTaken,
  SessionKey,
  SessionStoreDriver,
  StoredSessionRecord,
} from './session-store-driver.js'

/** A session as kept in memory; after an append, it is the append's {@link AppendedEvent} (no object per append). */
interface StoredSession extends AppendedEvent {
  readonly id: string
  readonly userId: string
  /** Session-scoped keys only (no `app:`/`user:`/`temp:`). */
  readonly state: Record<string, unknown>
  /** The events, shared with every view read without a window: appends are O(1) and never copied. */
  readonly history: Event[]
  lastUpdateTime: number
  revision: number
  /** True once an event was stored with an earlier timestamp than the one before it: re-appends are then searched for in all events. */
  unordered: boolean
  /** The run holding this session, if any (a lease dies with its session). */
  lease: StoredLease | undefined
  /** Runs of this process waiting for the session ({@link InMemorySessionDriver.released}): woken when it is given back. */
  waiters: (() => void)[] | undefined
}

/** Gives the session's lease back and wakes the runs waiting for it. */
function freeSession(stored: StoredSession): void {
  stored.lease = undefined
  const waiters = stored.waiters
  if (!waiters) return
  stored.waiters = undefined
  for (const wake of waiters) wake()
}

/** A lease as stored on its session; a lease of this process (`ProcessLeases`) is handed out as is. */
class StoredLease implements SessionLease {
  readonly #session: StoredSession
  constructor(
    session: StoredSession,
    readonly appName: string,
    readonly owner: string,
    readonly fence: number,
    public expiresAt: number,
  ) {
    this.#session = session
  }

  get userId(): string {
    return this.#session.userId
  }

  get sessionId(): string {
    return this.#session.id
  }

  /** Gives `lease` back when it is a stored lease still held; false when it is not a stored lease. */
  static release(lease: SessionLease): boolean {
    if (!(lease instanceof StoredLease)) return false
    if (lease.#session.lease === lease) freeSession(lease.#session)
    return true
  }
}

const empty: Record<string, never> = Object.freeze({})

/**
 * True when `event` (by id) is already stored. Events are normally stored in timestamp order and a re-append (a
 * replay, a client retry) carries the stored event's timestamp, so only the tail at or after that timestamp is
 * searched: a new event checks the last event or two, and no id index costs memory per event. Once a session holds
 * events out of timestamp order, every event is searched.
 */
function isStored({ history, unordered }: StoredSession, event: Event): boolean {
  for (let index = history.length - 1; index >= 0; index--) {
    const stored = history[index] as Event
    if (stored.id === event.id) return true
    if (stored.timestamp < event.timestamp && !unordered) return false
  }
  return false
}

function isEmpty(record: object): boolean {
  for (const _ in record) return false
  return true
}

const emptyActions: Event['actions'] = Object.freeze({
  stateDelta: empty,
  artifactDelta: empty,
  requestedAuthConfigs: empty,
  requestedToolConfirmations: empty,
})

/**
 * A stored event's empty action maps become one shared frozen object, and actions with nothing in them one shared
 * frozen actions object: stored events are never written again, and most events carry no actions (saves ~280 B each).
 */
function compactEvent(event: Event): void {
  const actions = event.actions
  const stateDelta = isEmpty(actions.stateDelta) ? empty : actions.stateDelta
  const artifactDelta = isEmpty(actions.artifactDelta) ? empty : actions.artifactDelta
  const requestedAuthConfigs = isEmpty(actions.requestedAuthConfigs) ? empty : actions.requestedAuthConfigs
  const requestedToolConfirmations = isEmpty(actions.requestedToolConfirmations)
    ? empty
    : actions.requestedToolConfirmations
  const onlyMaps = Object.keys(actions).every(
    (key) => key in emptyActions || actions[key as keyof typeof actions] === undefined,
  )
  if (
    onlyMaps &&
    stateDelta === empty &&
    artifactDelta === empty &&
    requestedAuthConfigs === empty &&
    requestedToolConfirmations === empty
  ) {
    event.actions = emptyActions
    return
  }
  // A new actions object: a context that still holds the original (a model callback's) keeps writable maps.
  event.actions = { ...actions, stateDelta, artifactDelta, requestedAuthConfigs, requestedToolConfirmations }
}

/**
 * Sessions in this process's memory, in JS maps: the driver of `InMemorySessionService`. Reads hand out the stored
 * (append-only) history without a copy, appended events are compacted and frozen, and every operation is
 * synchronous code (appends answer synchronously). Its leases have a synchronous side for runs of this process
 * ({@link hold}, {@link release}, {@link released}).
 * @internal
 */
export class InMemorySessionDriver implements SessionStoreDriver {
  readonly #sessions = new Map<string, Map<string, Map<string, StoredSession>>>()
  readonly #appState = new Map<string, Record<string, unknown>>()
  readonly #userState = new Map<string, Map<string, Record<string, unknown>>>()
  /** The facts of the append under way, refilled for each (appends here are synchronous: one at a time). */
  readonly #facts: { -readonly [K in keyof AppendFacts]-?: AppendFacts[K] } = {
    revision: 0,
    lease: undefined,
    hasEvent: false,
    lastEventId: undefined,
  }

  async create(key: SessionKey, state: SplitState): Promise<StoredSessionRecord | undefined> {
    const sessions = this.#userSessions(key.appName, key.userId, true) as Map<string, StoredSession>
    if (sessions.has(key.sessionId)) return undefined
    if (hasKeys(state.app)) Object.assign(this.#app(key.appName), state.app)
    if (hasKeys(state.user)) Object.assign(this.#user(key.appName, key.userId), state.user)
    const stored: StoredSession = {
      id: key.sessionId,
      userId: key.userId,
      state: Object.assign(nullRecord(), state.session),
      history: [],
      lastUpdateTime: Date.now(),
      revision: 0,
      unordered: false,
      lease: undefined,
      waiters: undefined,
    }
    sessions.set(key.sessionId, stored)
    return this.#record(key.appName, stored, stored.history)
  }

  async read(key: SessionKey, window: EventWindow): Promise<StoredSessionRecord | undefined> {
    const stored = this.#find(key)
    if (!stored) return undefined
    let events = stored.history
    if (window.limit !== undefined) events = window.limit === 0 ? [] : events.slice(-window.limit)
    const after = window.after
    if (after !== undefined) {
      let start = events.length
      while (start > 0 && (events[start - 1]?.timestamp ?? 0) >= after) start--
      events = events.slice(start)
    }
    return this.#record(key.appName, stored, events)
  }

  async list(appName: string, userId: string | undefined): Promise<StoredSessionRecord[]> {
    const users = this.#sessions.get(appName)
    if (!users) return []
    const records: StoredSessionRecord[] = []
    for (const sessions of userId === undefined ? users.values() : [users.get(userId)]) {
      for (const stored of sessions?.values() ?? []) records.push(this.#record(appName, stored, []))
    }
    return records
  }

  async delete(key: SessionKey): Promise<void> {
    const sessions = this.#userSessions(key.appName, key.userId, false)
    const stored = sessions?.get(key.sessionId)
    if (!stored) return
    sessions?.delete(key.sessionId)
    // Runs waiting for it find it gone at once.
    freeSession(stored)
  }

  append(append: EventAppend): AppendedEvent | undefined {
    const stored = this.#find(append)
    const event = append.event
    let facts: AppendFacts | undefined
    if (stored) {
      const held = stored.lease
      const scratch = this.#facts
      scratch.revision = stored.revision
      scratch.lease = held && held.expiresAt > Date.now() ? held : undefined
      scratch.hasEvent = isStored(stored, event)
      scratch.lastEventId = stored.history.at(-1)?.id
      facts = scratch
    }
    if (!append.admit(facts) || !stored) return undefined
    compactEvent(event)
    Object.freeze(event)
    // The delta straight into the scopes (no split objects: the common path of every run).
    const delta = event.actions.stateDelta
    for (const key in delta) {
      if (!Object.prototype.hasOwnProperty.call(delta, key)) continue
      const value = delta[key]
      const scope = value === undefined ? undefined : scopeOf(key)
      if (scope === 'session') stored.state[key] = value
      else if (scope) this.#scope(scope, append)[keyInScope(key, scope)] = value
    }
    const history = stored.history
    if (event.timestamp < (history.at(-1)?.timestamp ?? -Infinity)) stored.unordered = true
    history.push(event)
    stored.lastUpdateTime = event.timestamp
    stored.revision++
    return stored
  }

  async takeLease(key: SessionKey, owner: string, ttlMs: number): Promise<LeaseTaken> {
    return this.hold(key, owner, ttlMs)
  }

  /** {@link takeLease}, synchronously, handing out the stored lease (`ttlMs` may be `Infinity`: a lease of this process). */
  hold(key: SessionKey, owner: string, ttlMs: number): StoredLease | 'held' | 'missing' {
    const stored = this.#find(key)
    if (!stored) return 'missing'
    const held = stored.lease
    if (held && held.owner !== owner && held.expiresAt > Date.now()) return 'held'
    const fence = held ? held.fence + (held.owner === owner ? 0 : 1) : 1
    const expiresAt = ttlMs === Infinity ? ttlMs : Date.now() + ttlMs
    return (stored.lease = new StoredLease(stored, key.appName, owner, fence, expiresAt))
  }

  async renewLease(lease: SessionLease, ttlMs: number): Promise<boolean> {
    const stored = this.#holding(lease)
    if (stored?.lease) stored.lease.expiresAt = Date.now() + ttlMs
    return stored !== undefined
  }

  async releaseLease(lease: SessionLease): Promise<void> {
    this.release(lease)
  }

  /** {@link releaseLease}, synchronously; wakes the runs waiting for the session. */
  release(lease: SessionLease): void {
    if (StoredLease.release(lease)) return
    const stored = this.#holding(lease)
    if (stored) freeSession(stored)
  }

  /** Settles the next time the session is given back or deleted (at once when there is no such session). */
  released(key: SessionKey): Promise<void> {
    const stored = this.#find(key)
    return stored ? new Promise<void>((resolve) => (stored.waiters ??= []).push(resolve)) : Promise.resolve()
  }

  /** The session `lease` is still the lease of (same owner and fence), if any. */
  #holding(lease: SessionLease): StoredSession | undefined {
    const stored = this.#find(lease)
    const held = stored?.lease
    return held && held.owner === lease.owner && held.fence === lease.fence ? stored : undefined
  }

  #record(appName: string, stored: StoredSession, events: Event[]): StoredSessionRecord {
    return {
      sessionId: stored.id,
      userId: stored.userId,
      state: {
        session: stored.state,
        app: this.#appState.get(appName),
        user: this.#userState.get(appName)?.get(stored.userId),
      },
      events,
      lastUpdateTime: stored.lastUpdateTime,
      revision: stored.revision,
    }
  }

  #find(key: SessionKey): StoredSession | undefined {
    return this.#userSessions(key.appName, key.userId, false)?.get(key.sessionId)
  }

  #userSessions(appName: string, userId: string, create: boolean): Map<string, StoredSession> | undefined {
    let app = this.#sessions.get(appName)
    if (!app) {
      if (!create) return undefined
      app = new Map()
      this.#sessions.set(appName, app)
    }
    let user = app.get(userId)
    if (!user) {
      if (!create) return undefined
      user = new Map()
      app.set(userId, user)
    }
    return user
  }

  /** The stored app or user scope of `key`'s session (created when missing). */
  #scope(scope: 'app' | 'user', key: SessionKey): Record<string, unknown> {
    return scope === 'app' ? this.#app(key.appName) : this.#user(key.appName, key.userId)
  }

  #app(appName: string): Record<string, unknown> {
    let app = this.#appState.get(appName)
    if (!app) {
      app = nullRecord()
      this.#appState.set(appName, app)
    }
    return app
  }

  #user(appName: string, userId: string): Record<string, unknown> {
    let users = this.#userState.get(appName)
    if (!users) {
      users = new Map()
      this.#userState.set(appName, users)
    }
    let user = users.get(userId)
    if (!user) {
      user = nullRecord()
      users.set(userId, user)
    }
    return user
  }
}
