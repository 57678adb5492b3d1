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
} from './base-session-service.js'
import { StatePrefix, isTempKey, withoutTempKeys } from './state-prefix.js'
import { randomUUID } from '../util/ids.js'
import { assertStateDelta, ownRecord } from './reserved-state-key.js'

interface StoredSession {
  readonly id: string
  readonly appName: string
  readonly userId: string
  /** Session-scoped keys only (no `app:`/`user:`/`temp:`). */
  readonly state: Record<string, unknown>
  /** Shared with every {@link Session} view returned for this session: appends are O(1) and never copied. */
  readonly events: Event[]
  lastUpdateTime: number
}

const empty: Record<string, never> = Object.freeze({})

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
  const requestedToolConfirmations = isEmpty(actions.requestedToolConfirmations) ? empty : actions.requestedToolConfirmations
  const onlyMaps = Object.keys(actions).every((key) => key in emptyActions || actions[key as keyof typeof actions] === undefined)
  if (onlyMaps && stateDelta === empty && artifactDelta === empty && requestedAuthConfigs === empty && requestedToolConfirmations === empty) {
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
 */
export class InMemorySessionService implements BaseSessionService {
  readonly #sessions = new Map<string, Map<string, Map<string, StoredSession>>>()
  readonly #appState = new Map<string, Record<string, unknown>>()
  readonly #userState = new Map<string, Map<string, Record<string, unknown>>>()

  async createSession(request: CreateSessionRequest): Promise<Session> {
    const id = request.sessionId?.trim() || randomUUID()
    const initial = request.state ?? {}
    assertStateDelta(initial, 'createSession({ state })')
    const state: Record<string, unknown> = Object.create(null)
    for (const key of Object.keys(initial)) if (!isTempKey(key)) state[key] = initial[key]
    const stored: StoredSession = {
      id,
      appName: request.appName,
      userId: request.userId,
      state,
      events: [],
      lastUpdateTime: Date.now(),
    }
    this.#userSessions(request.appName, request.userId, true)?.set(id, stored)
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
        sessions.push({
          id: stored.id,
          appName: stored.appName,
          userId: stored.userId,
          state: {},
          events: [],
          lastUpdateTime: stored.lastUpdateTime,
        })
      }
    }
    return { sessions }
  }

  async deleteSession(request: DeleteSessionRequest): Promise<void> {
    this.#userSessions(request.appName, request.userId, false)?.delete(request.sessionId)
  }

  async appendEvent({ session, event }: AppendEventRequest): Promise<Event> {
    if (event.partial) return event
    assertStateDelta(event.actions.stateDelta, 'appendEvent()')
    const delta = withoutTempKeys(event.actions.stateDelta)
    if (delta !== event.actions.stateDelta) event.actions.stateDelta = delta
    compactEvent(event)
    Object.freeze(event)
    const stored = this.#userSessions(session.appName, session.userId, false)?.get(session.id)
    for (const key of Object.keys(delta)) {
      const value = delta[key]
      session.state[key] = value
      if (!stored) continue
      if (key.startsWith(StatePrefix.APP)) this.#app(session.appName)[key.slice(StatePrefix.APP.length)] = value
      else if (key.startsWith(StatePrefix.USER)) {
        this.#user(session.appName, session.userId)[key.slice(StatePrefix.USER.length)] = value
      } else stored.state[key] = value
    }
    session.lastUpdateTime = event.timestamp
    if (stored) {
      stored.events.push(event)
      stored.lastUpdateTime = event.timestamp
      if (session.events !== stored.events) session.events.push(event)
    } else {
      session.events.push(event)
    }
    return event
  }

  #view(stored: StoredSession, config: GetSessionRequest['config']): Session {
    const state: Record<string, unknown> = ownRecord(stored.state)
    const app = this.#appState.get(stored.appName)
    if (app) for (const key of Object.keys(app)) state[StatePrefix.APP + key] = app[key]
    const user = this.#userState.get(stored.appName)?.get(stored.userId)
    if (user) for (const key of Object.keys(user)) state[StatePrefix.USER + key] = user[key]
    let events = stored.events
    if (config?.numRecentEvents) events = events.slice(-config.numRecentEvents)
    if (config?.afterTimestamp) {
      let start = events.length
      while (start > 0 && (events[start - 1]?.timestamp ?? 0) >= config.afterTimestamp) start--
      events = events.slice(start)
    }
    return { id: stored.id, appName: stored.appName, userId: stored.userId, state, events, lastUpdateTime: stored.lastUpdateTime }
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
      app = Object.create(null) as Record<string, unknown>
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
      user = Object.create(null) as Record<string, unknown>
      users.set(userId, user)
    }
    return user
  }
}
