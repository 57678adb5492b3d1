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
} from '@adk-fluent/core'

/** The session as the run found it, recorded in the run's first step. */
export interface SessionSnapshot {
  /** How many events the session had when the run started. */
  eventCount: number
  /** Its merged state then. */
  state: Record<string, unknown>
  /** When the run started (milliseconds since the epoch). */
  startedAt: number
}

/**
 * The session service one execution of a durable run sees. Reading the run's session returns it as it was when the
 * run started (the recorded snapshot: its first `eventCount` events and the recorded state), so a re-executed run
 * makes the same decisions as the first execution. Appending an event the run already stored before a crash (same
 * id) changes only this view, never the database: the session ends with each event once, in order.
 */
export class RunSessionView implements BaseSessionService {
  readonly #inner: BaseSessionService
  readonly #key: { appName: string; userId: string; sessionId: string }
  readonly #snapshot: SessionSnapshot
  /** Ids of the events this run stored before an earlier execution ended, in order. */
  readonly #stored = new Set<string>()

  constructor(
    inner: BaseSessionService,
    key: { appName: string; userId: string; sessionId: string },
    snapshot: SessionSnapshot,
  ) {
    this.#inner = inner
    this.#key = key
    this.#snapshot = snapshot
  }

  /** How many events an earlier execution of this run already stored (found by the first read). */
  get alreadyStored(): number {
    return this.#stored.size
  }

  async getSession(request: GetSessionRequest): Promise<Session | undefined> {
    const session = await this.#inner.getSession(request)
    if (!session || !this.#isRunSession(request)) return session
    const { eventCount, state } = this.#snapshot
    for (const event of session.events.slice(eventCount)) this.#stored.add(event.id)
    session.events = session.events.slice(0, eventCount)
    session.state = { ...state }
    return session
  }

  async appendEvent(request: AppendEventRequest): Promise<Event> {
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

  #isRunSession(request: GetSessionRequest): boolean {
    return (
      request.appName === this.#key.appName &&
      request.userId === this.#key.userId &&
      request.sessionId === this.#key.sessionId
    )
  }
}
