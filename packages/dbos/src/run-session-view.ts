import type {
  AppendEventRequest,
  BaseSessionService,
  CreateSessionRequest,
  DeleteSessionRequest,
  Event,
  GetSessionRequest,
  ListSessionsRequest,
  ListSessionsResponse,
  Session,
  SessionLease,
  SessionLeaseRequest,
} from '@adk-fluent/core'
import type { CheckpointGate } from './checkpoint-gate.js'
import type { SessionHold } from './session-hold.js'

/** The session as the run found it, recorded in the run's first step. */
export interface SessionSnapshot {
  /** How many events the session had when the run started. */
  eventCount: number
  /** Its merged state then. */
  state: Record<string, unknown>
  /** When the run started (milliseconds since the epoch). */
  startedAt: number
}

/** How one execution of a run sees its session. */
export interface RunSessionViewOptions {
  /** The recorded snapshot. */
  snapshot: SessionSnapshot
  /**
   * True when an earlier execution of the run may have stored events (the snapshot step was replayed, not run now):
   * reads then go through the snapshot. False on the first execution: the session is what the snapshot saw.
   */
  replaying: boolean
  /** The run's hold on its session (its lease is what the run's appends carry). */
  hold: SessionHold
  /** The session the first execution read for its snapshot: the run's first read gets it (no second query). */
  initial?: Session | undefined
  /** The execution's checkpoint writes: an append waits until they are stored (a step's record before its events). */
  checkpoints?: CheckpointGate
}

/**
 * The session service one execution of a durable run sees. On a re-execution, reading the run's session returns it
 * as it was when the run started (the recorded snapshot: its first `eventCount` events and the recorded state), so
 * the run makes the same decisions as the first execution; appending an event the run already stored before a crash
 * (same id) changes only this view, never the database: the session ends with each event once, in order. The run's
 * lease is the one the durable run holds: the `Runner` inside gets it (and passes it to every append) instead of
 * taking one of its own.
 */
export class RunSessionView implements BaseSessionService {
  readonly #inner: BaseSessionService
  readonly #key: { appName: string; userId: string; sessionId: string }
  readonly #options: RunSessionViewOptions
  /** Ids of the events this run stored before an earlier execution ended. */
  readonly #stored = new Set<string>()
  #initial: Session | undefined

  acquireLease?: (request: SessionLeaseRequest) => Promise<SessionLease | undefined>
  renewLease?: (lease: SessionLease, ttlMs: number) => Promise<boolean>
  releaseLease?: (lease: SessionLease) => Promise<void>

  constructor(
    inner: BaseSessionService,
    key: { appName: string; userId: string; sessionId: string },
    options: RunSessionViewOptions,
  ) {
    this.#inner = inner
    this.#key = key
    this.#options = options
    this.#initial = options.initial
    const { hold } = options
    if (hold.lease) {
      const lease = hold.lease
      // The Runner asks for the run's session: it gets the durable run's lease (renewed by the run, released when
      // the run's workflow ends). Other sessions go to the service.
      this.acquireLease = async (request) => (this.#isRunSession(request) ? lease : inner.acquireLease?.(request))
      this.renewLease = async (held, ttlMs) =>
        held === lease ? !hold.lost() : (inner.renewLease?.(held, ttlMs) ?? Promise.resolve(false))
      this.releaseLease = async (held) => {
        if (held !== lease) await inner.releaseLease?.(held)
      }
    }
  }

  /** How many events an earlier execution of this run already stored (found by the first read). */
  get alreadyStored(): number {
    return this.#stored.size
  }

  async getSession(request: GetSessionRequest): Promise<Session | undefined> {
    if (!this.#isRunSession(request)) return this.#inner.getSession(request)
    const initial = this.#initial
    this.#initial = undefined
    if (initial) return tail(initial, request.config)
    if (!this.#options.replaying) return this.#inner.getSession(request)
    // A re-execution: the whole session, cut back to the snapshot, then the tail the caller asked for.
    const { config, ...whole } = request
    const session = await this.#inner.getSession(whole)
    if (!session) return session
    const { eventCount, state } = this.#options.snapshot
    for (const event of session.events.slice(eventCount)) this.#stored.add(event.id)
    session.events = session.events.slice(0, eventCount)
    session.state = { ...state }
    return tail(session, config)
  }

  async appendEvent(request: AppendEventRequest): Promise<Event> {
    await this.#options.checkpoints?.settled()
    const { session, event } = request
    if (event.partial || !this.#stored.has(event.id)) return this.#inner.appendEvent(request)
    // Stored by an earlier execution of this run: bring the view up to date without writing again.
    for (const key in event.actions.stateDelta)
      if (!key.startsWith('temp:')) session.state[key] = event.actions.stateDelta[key]
    session.events.push(event)
    session.lastUpdateTime = event.timestamp
    return event
  }

  createSession(request: CreateSessionRequest): Promise<Session> {
    return this.#inner.createSession(request)
  }

  listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse> {
    return this.#inner.listSessions(request)
  }

  deleteSession(request: DeleteSessionRequest): Promise<void> {
    return this.#inner.deleteSession(request)
  }

  #isRunSession(request: { appName: string; userId: string; sessionId: string }): boolean {
    return (
      request.appName === this.#key.appName &&
      request.userId === this.#key.userId &&
      request.sessionId === this.#key.sessionId
    )
  }
}

/** The session with only the events `config` asks for (as a service's `getSession` would return them). */
function tail(session: Session, config: GetSessionRequest['config']): Session {
  let events = session.events
  if (config?.afterTimestamp !== undefined) {
    const after = config.afterTimestamp
    events = events.filter((event) => event.timestamp >= after)
  }
  if (config?.numRecentEvents !== undefined)
    events = config.numRecentEvents <= 0 ? [] : events.slice(-Math.floor(config.numRecentEvents))
  session.events = events
  return session
}
