import type { Event } from '../events/event.js'
import type { Session } from './session.js'
import type {
  AppendEventRequest,
  BaseSessionService,
  CreateSessionRequest,
  DeleteSessionRequest,
  GetSessionRequest,
  ListSessionsRequest,
  ListSessionsResponse,
  SessionLease,
  SessionLeaseRequest,
} from './base-session-service.js'
import { StatePrefix, isTempKey, withoutTempKeys } from './state-prefix.js'
import { randomUUID } from '../util/ids.js'
import { ownRecord } from './reserved-state-key.js'
import { assertStorableState } from './storable-state.js'
import { assertSessionIds } from './session-ids.js'
import { AlreadyExistsError, SessionBusyError, StaleSessionError } from '../errors/session-errors.js'
import { SessionNotFoundError } from '../errors/runtime-errors.js'
import { nullRecord } from '../util/null-record.js'
import { processLeases, type ProcessLeases } from './process-leases.js'

interface StoredSession {
  readonly id: string
  readonly appName: string
  readonly userId: string
  /** Session-scoped keys only (no `app:`/`user:`/`temp:`). */
  readonly state: Record<string, unknown>
  /** Shared with every {@link Session} view returned for this session: appends are O(1) and never copied. */
  readonly events: Event[]
  lastUpdateTime: number
  revision: number
  /** True once an event was stored with an earlier timestamp than the one before it: re-appends are then searched for in all events. */
  unordered: boolean
  /** The run holding this session, if any (a lease dies with its session). */
  lease: StoredLease | undefined
  /** Runs of this process waiting for the session ({@link ProcessLeases.released}): woken when it is given back. */
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

/** A lease as stored on its session; a lease of this process ({@link ProcessLeases}) is handed out as is. */
class StoredLease implements SessionLease {
  readonly #session: StoredSession
  constructor(
    session: StoredSession,
    readonly owner: string,
    readonly fence: number,
    public expiresAt: number,
  ) {
    this.#session = session
  }

  get appName(): string {
    return this.#session.appName
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
function isStored({ events, unordered }: StoredSession, event: Event): boolean {
  for (let index = events.length - 1; index >= 0; index--) {
    const stored = events[index] as Event
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
 * Sessions in memory, with ADK's `app:` / `user:` / `temp:` state scopes.
 *
 * Unlike ADK, reading a session does not deep-copy its history: the returned `events` array is the stored one
 * (append-only; events are frozen when appended), so a turn on a 20,000-event session costs the same as on an empty
 * one. `state` is a fresh shallow merge of the session, app and user scopes on every read.
 *
 * Keeps the session-service contract of {@link BaseSessionService}: duplicate ids are refused, appends check the
 * view's revision and are idempotent by event id, and leases (with fence and expiry) serialise runs in this process.
 */
export class InMemorySessionService implements BaseSessionService {
  readonly #sessions = new Map<string, Map<string, Map<string, StoredSession>>>()
  readonly #appState = new Map<string, Record<string, unknown>>()
  readonly #userState = new Map<string, Map<string, Record<string, unknown>>>()

  async createSession(request: CreateSessionRequest): Promise<Session> {
    const id = request.sessionId?.trim() || randomUUID()
    assertSessionIds({ appName: request.appName, userId: request.userId, sessionId: id }, 'createSession()')
    const initial = request.state ?? {}
    assertStorableState(initial, 'createSession({ state })')
    const sessions = this.#userSessions(request.appName, request.userId, true) as Map<string, StoredSession>
    if (sessions.has(id)) {
      throw new AlreadyExistsError(
        `Session "${id}" already exists for app "${request.appName}", user "${request.userId}".`,
      )
    }
    const state: Record<string, unknown> = nullRecord()
    for (const key of Object.keys(initial)) {
      const value = initial[key]
      if (isTempKey(key)) continue
      if (key.startsWith(StatePrefix.APP)) this.#app(request.appName)[key.slice(StatePrefix.APP.length)] = value
      else if (key.startsWith(StatePrefix.USER))
        this.#user(request.appName, request.userId)[key.slice(StatePrefix.USER.length)] = value
      else state[key] = value
    }
    const stored: StoredSession = {
      id,
      appName: request.appName,
      userId: request.userId,
      state,
      events: [],
      lastUpdateTime: Date.now(),
      revision: 0,
      unordered: false,
      lease: undefined,
      waiters: undefined,
    }
    sessions.set(id, stored)
    return this.#view(stored, undefined)
  }

  async getSession(request: GetSessionRequest): Promise<Session | undefined> {
    const stored = this.#userSessions(request.appName, request.userId, false)?.get(request.sessionId)
    if (!stored) return undefined
    return this.#view(stored, request.config)
  }

  async listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse> {
    const apps = this.#sessions.get(request.appName)
    if (!apps) return { sessions: [] }
    const users = request.userId === undefined ? [...apps.values()] : [apps.get(request.userId)].filter((u) => !!u)
    const sessions: Session[] = []
    for (const user of users) {
      for (const stored of user?.values() ?? []) {
        sessions.push({ ...this.#view(stored, { numRecentEvents: 0 }), events: [] })
      }
    }
    return { sessions }
  }

  async deleteSession(request: DeleteSessionRequest): Promise<void> {
    const sessions = this.#userSessions(request.appName, request.userId, false)
    const stored = sessions?.get(request.sessionId)
    if (!stored) return
    sessions?.delete(request.sessionId)
    // Runs waiting for it find it gone at once.
    freeSession(stored)
  }

  async appendEvent({ session, event, lease }: AppendEventRequest): Promise<Event> {
    if (event.partial) return event
    assertSessionIds({ appName: session.appName, userId: session.userId, sessionId: session.id }, 'appendEvent()')
    assertStorableState(event.actions.stateDelta, 'appendEvent()')
    const stored = this.#userSessions(session.appName, session.userId, false)?.get(session.id)
    if (!stored) throw new SessionNotFoundError(`Session not found: ${session.id}`)
    // The fence first: a run that lost the session learns it even when its event is already stored (by the run
    // that took the session over), instead of going on as if its append had landed.
    const held = stored.lease
    if (
      held &&
      held !== lease &&
      (held.owner !== lease?.owner || held.fence !== lease.fence) &&
      held.expiresAt > Date.now()
    ) {
      throw new SessionBusyError(`Session "${session.id}" is held by another run; this append was refused.`)
    }
    if (isStored(stored, event)) return event
    const expected = session.revision
    if (
      expected === undefined ? stored.events.at(-1)?.id !== session.events.at(-1)?.id : expected !== stored.revision
    ) {
      throw new StaleSessionError(
        `Session "${session.id}" changed in storage since this view was read (revision ${expected ?? '?'} < ${stored.revision}). Read it again and redo the turn.`,
        { ...(expected === undefined ? {} : { expectedRevision: expected }), actualRevision: stored.revision },
      )
    }
    const delta = withoutTempKeys(event.actions.stateDelta)
    if (delta !== event.actions.stateDelta) event.actions.stateDelta = delta
    compactEvent(event)
    Object.freeze(event)
    for (const key in delta) {
      if (!Object.hasOwn(delta, key)) continue
      const value = delta[key]
      session.state[key] = value
      if (key.startsWith(StatePrefix.APP)) this.#app(session.appName)[key.slice(StatePrefix.APP.length)] = value
      else if (key.startsWith(StatePrefix.USER)) {
        this.#user(session.appName, session.userId)[key.slice(StatePrefix.USER.length)] = value
      } else stored.state[key] = value
    }
    session.lastUpdateTime = event.timestamp
    if (event.timestamp < (stored.events.at(-1)?.timestamp ?? -Infinity)) stored.unordered = true
    stored.events.push(event)
    stored.lastUpdateTime = event.timestamp
    stored.revision++
    session.revision = stored.revision
    if (session.events !== stored.events) session.events.push(event)
    return event
  }

  async acquireLease(request: SessionLeaseRequest): Promise<SessionLease | undefined> {
    const lease = this.#acquire(request, request.ttlMs)
    if (!lease) return undefined
    const { appName, userId, sessionId, owner, fence } = lease
    return { appName, userId, sessionId, owner, fence }
  }

  /** Runs of this process hold a session without expiry or renewal (see {@link ProcessLeases}). @internal */
  readonly [processLeases]: ProcessLeases = {
    hold: (request) => this.#acquire(request, Infinity),
    release: (lease) => this.#release(lease),
    released: (request) => {
      const stored = this.#userSessions(request.appName, request.userId, false)?.get(request.sessionId)
      return stored ? new Promise<void>((resolve) => (stored.waiters ??= []).push(resolve)) : Promise.resolve()
    },
  }

  #acquire(request: Omit<SessionLeaseRequest, 'ttlMs'>, ttlMs: number): StoredLease | undefined {
    const { appName, userId, sessionId, owner } = request
    const stored = this.#userSessions(appName, userId, false)?.get(sessionId)
    if (!stored) throw new SessionNotFoundError(`Session not found: ${sessionId}`)
    const held = stored.lease
    if (held && held.owner !== owner && held.expiresAt > Date.now()) return undefined
    const fence = held ? held.fence + (held.owner === owner ? 0 : 1) : 1
    return (stored.lease = new StoredLease(stored, owner, fence, ttlMs === Infinity ? ttlMs : Date.now() + ttlMs))
  }

  async renewLease(lease: SessionLease, ttlMs: number): Promise<boolean> {
    const stored = this.#holding(lease)
    if (stored?.lease) stored.lease.expiresAt = Date.now() + ttlMs
    return stored !== undefined
  }

  async releaseLease(lease: SessionLease): Promise<void> {
    this.#release(lease)
  }

  #release(lease: SessionLease): void {
    if (StoredLease.release(lease)) return
    const stored = this.#holding(lease)
    if (stored) freeSession(stored)
  }

  /** The session `lease` is still the lease of (same owner and fence), if any. */
  #holding(lease: SessionLease): StoredSession | undefined {
    const stored = this.#userSessions(lease.appName, lease.userId, false)?.get(lease.sessionId)
    const held = stored?.lease
    return held && held.owner === lease.owner && held.fence === lease.fence ? stored : undefined
  }

  #view(stored: StoredSession, config: GetSessionRequest['config']): Session {
    const state: Record<string, unknown> = ownRecord(stored.state)
    const app = this.#appState.get(stored.appName)
    if (app) for (const key of Object.keys(app)) state[StatePrefix.APP + key] = app[key]
    const user = this.#userState.get(stored.appName)?.get(stored.userId)
    if (user) for (const key of Object.keys(user)) state[StatePrefix.USER + key] = user[key]
    let events = stored.events
    const recent = config?.numRecentEvents
    if (recent !== undefined) events = recent <= 0 ? [] : events.slice(-recent)
    if (config?.afterTimestamp !== undefined) {
      let start = events.length
      while (start > 0 && (events[start - 1]?.timestamp ?? 0) >= config.afterTimestamp) start--
      events = events.slice(start)
    }
    return {
      id: stored.id,
      appName: stored.appName,
      userId: stored.userId,
      state,
      events,
      lastUpdateTime: stored.lastUpdateTime,
      revision: stored.revision,
    }
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
