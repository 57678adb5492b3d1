import type { Event } from '../events/event.js'
import { sessionErrors } from '../errors/session-errors.js'
import { randomUUID } from '../util/ids.js'
import type {
  AppendEventRequest,
  BaseSessionService,
  CreateSessionRequest,
  DeleteSessionRequest,
  GetSessionConfig,
  GetSessionRequest,
  ListSessionsRequest,
  ListSessionsResponse,
  SessionLease,
  SessionLeaseRequest,
} from './base-session-service.js'
import { mergeState, splitState, type SplitState } from './scoped-state.js'
import type { Session } from './session.js'
import { assertSessionIds, sessionIdsIssue } from './session-ids.js'
import type {
  AppendedEvent,
  AppendFacts,
  EventAppend,
  EventWindow,
  SessionStoreDriver,
  StoredSessionRecord,
} from './session-store-driver.js'
import { withoutTempKeys } from './state-prefix.js'
import { assertStorableState } from './storable-state.js'

/**
 * The session protocol, once for every store: the contract of {@link BaseSessionService} over a
 * {@link SessionStoreDriver} that only reads and writes. Here: ids checked (a write with a bad id is a `ConfigError`,
 * a read finds nothing), state validated before anything is written, `temp:` keys never stored, state split into
 * the session, `app:` and `user:` scopes and merged back into views, the history window of a read, the lease fence,
 * idempotent appends by event id, the revision check (`StaleSessionError`), the caller's view updated after a stored
 * append, and one wording per error. `InMemorySessionService`, `SqliteSessionService` and `PostgresSessionService`
 * are this class over their drivers. Exported from `@adk-fluent/core/internal` for the store packages.
 */
export class StoredSessionService implements BaseSessionService {
  readonly #driver: SessionStoreDriver
  /** The append still in flight through a view (on an asynchronous store): the next one through it waits for it. */
  readonly #inFlight = new WeakMap<Session, Promise<unknown>>()
  /** How many views have an append in flight (none ever on a synchronous store: no lookup per append there). */
  #viewsInFlight = 0

  constructor(driver: SessionStoreDriver) {
    this.#driver = driver
  }

  async createSession(request: CreateSessionRequest): Promise<Session> {
    const key = {
      appName: request.appName,
      userId: request.userId,
      sessionId: request.sessionId?.trim() || randomUUID(),
    }
    assertSessionIds(key, 'createSession()')
    if (request.state) assertStorableState(request.state, 'createSession({ state })')
    const record = await this.#driver.create(key, splitState(request.state))
    if (!record) throw sessionErrors.exists(key)
    return viewOf(key.appName, record, record.events)
  }

  async getSession(request: GetSessionRequest): Promise<Session | undefined> {
    if (sessionIdsIssue(request)) return undefined
    const { appName, userId, sessionId } = request
    const record = await this.#driver.read({ appName, userId, sessionId }, windowOf(request.config))
    return record && viewOf(appName, record, record.events)
  }

  async listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse> {
    if (sessionIdsIssue(request)) return { sessions: [] }
    const records = await this.#driver.list(request.appName, request.userId)
    return { sessions: records.map((record) => viewOf(request.appName, record, [])) }
  }

  async deleteSession(request: DeleteSessionRequest): Promise<void> {
    if (sessionIdsIssue(request)) return
    const { appName, userId, sessionId } = request
    await this.#driver.delete({ appName, userId, sessionId })
  }

  async appendEvent({ session, event, lease }: AppendEventRequest): Promise<Event> {
    if (event.partial) return event
    assertSessionIds({ appName: session.appName, userId: session.userId, sessionId: session.id }, 'appendEvent()')
    assertStorableState(event.actions.stateDelta, 'appendEvent()')
    const stored = withoutTempDelta(event)
    const earlier = this.#viewsInFlight === 0 ? undefined : this.#inFlight.get(session)
    if (earlier !== undefined) {
      await this.#queue(
        session,
        earlier.then(() => this.#append(session, stored, lease)),
      )
      return stored
    }
    const appending = this.#append(session, stored, lease)
    if (appending) await this.#queue(session, appending)
    return stored
  }

  async acquireLease(request: SessionLeaseRequest): Promise<SessionLease | undefined> {
    const { appName, userId, sessionId, owner } = request
    if (sessionIdsIssue(request)) throw sessionErrors.notFound(sessionId)
    const taken = await this.#driver.takeLease({ appName, userId, sessionId }, owner, request.ttlMs)
    if (taken === 'missing') throw sessionErrors.notFound(sessionId)
    return taken === 'held' ? undefined : { appName, userId, sessionId, owner, fence: taken.fence }
  }

  async renewLease(lease: SessionLease, ttlMs: number): Promise<boolean> {
    if (sessionIdsIssue(lease)) return false
    return this.#driver.renewLease(lease, ttlMs)
  }

  async releaseLease(lease: SessionLease): Promise<void> {
    if (sessionIdsIssue(lease)) return
    await this.#driver.releaseLease(lease)
  }

  /** Stores `event` and updates the view; a promise when the driver answers asynchronously. */
  #append(session: Session, event: Event, lease: SessionLease | undefined): Promise<void> | undefined {
    const appended = this.#driver.append(new PendingAppend(session, event, lease))
    if (!(appended instanceof Promise)) {
      if (appended) applyAppended(session, event, appended)
      return undefined
    }
    return appended.then((result) => {
      if (result) applyAppended(session, event, result)
    })
  }

  /** Waits for `work`; until it settles, the next append through `session` waits for it. */
  async #queue(session: Session, work: Promise<unknown>): Promise<void> {
    const tail = work.then(ignore, ignore)
    if (!this.#inFlight.has(session)) this.#viewsInFlight++
    this.#inFlight.set(session, tail)
    try {
      await work
    } finally {
      if (this.#inFlight.get(session) === tail) {
        this.#inFlight.delete(session)
        this.#viewsInFlight--
      }
    }
  }
}

const ignore = (): void => undefined

/** An append on its way to the driver: what it stores, and the protocol's verdict on the store's facts. */
class PendingAppend implements EventAppend {
  readonly appName: string
  readonly userId: string
  readonly sessionId: string
  readonly expectedRevision: number | undefined
  #delta: SplitState | undefined
  /** The last event of a view built by hand (no revision): the store's last event must be the same. */
  readonly #lastViewEventId: string | undefined

  constructor(
    session: Session,
    readonly event: Event,
    readonly lease: SessionLease | undefined,
  ) {
    this.appName = session.appName
    this.userId = session.userId
    this.sessionId = session.id
    this.expectedRevision = session.revision
    // Only a view without a revision is looked into: a view's history is never read on an append.
    this.#lastViewEventId = session.revision === undefined ? session.events.at(-1)?.id : undefined
  }

  /** Split on first read: a store that routes the event's delta itself (in memory) never splits it. */
  get delta(): SplitState {
    return (this.#delta ??= splitState(this.event.actions.stateDelta))
  }

  admit(facts: AppendFacts | undefined): boolean {
    if (!facts) throw sessionErrors.notFound(this.sessionId)
    // The fence before the idempotency short-cut: a run that lost the session learns it even when its event is
    // already stored (by the run that took the session over), instead of going on as if its append had landed.
    const held = facts.lease
    if (held && (held.owner !== this.lease?.owner || held.fence !== this.lease.fence)) {
      throw sessionErrors.busy(this.sessionId)
    }
    if (facts.hasEvent) return false
    const expected = this.expectedRevision
    if (expected === undefined ? facts.lastEventId !== this.#lastViewEventId : expected !== facts.revision) {
      throw sessionErrors.stale(this.sessionId, expected, facts.revision)
    }
    return true
  }
}

/** The event as stored: without `temp:` keys in its state delta (they live only in the invocation). */
function withoutTempDelta(event: Event): Event {
  const delta = event.actions.stateDelta
  const kept = withoutTempKeys(delta)
  if (kept !== delta) event.actions = { ...event.actions, stateDelta: kept }
  return event
}

/** Updates the caller's view after a stored append: state, history, revision and update time. */
function applyAppended(session: Session, event: Event, appended: AppendedEvent): void {
  const delta = event.actions.stateDelta
  for (const key in delta) if (Object.prototype.hasOwnProperty.call(delta, key)) session.state[key] = delta[key]
  // A view sharing the store's history already holds the event.
  if (session.events !== appended.history) session.events.push(event)
  session.revision = appended.revision
  session.lastUpdateTime = appended.lastUpdateTime
}

function viewOf(appName: string, record: StoredSessionRecord, events: Event[]): Session {
  return {
    id: record.sessionId,
    appName,
    userId: record.userId,
    state: mergeState(record.state),
    events,
    lastUpdateTime: record.lastUpdateTime,
    revision: record.revision,
  }
}

const wholeHistory: EventWindow = Object.freeze({ limit: undefined, after: undefined })

/** The events a read asks for: `numRecentEvents` as a count (NaN and Infinity: all), `afterTimestamp` as is. */
function windowOf(config: GetSessionConfig | undefined): EventWindow {
  if (!config) return wholeHistory
  const recent = config.numRecentEvents
  return {
    limit:
      recent === undefined || Number.isNaN(recent) || recent === Infinity ? undefined : Math.max(0, Math.floor(recent)),
    after: config.afterTimestamp,
  }
}
