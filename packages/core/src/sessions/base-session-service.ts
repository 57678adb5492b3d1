import type { Event } from '../events/event.js'
import type { Session } from './session.js'

export interface CreateSessionRequest {
  appName: string
  userId: string
  state?: Record<string, unknown>
  sessionId?: string
}

export interface GetSessionConfig {
  /** Keep only the last `n` events; `0` returns the session with no events (ADK Python's database semantics). */
  numRecentEvents?: number
  /** Keep only the trailing events with `timestamp >= afterTimestamp` (inclusive, milliseconds). */
  afterTimestamp?: number
}

export interface GetSessionRequest {
  appName: string
  userId: string
  sessionId: string
  config?: GetSessionConfig
}

export interface ListSessionsRequest {
  appName: string
  userId?: string
}

/** Sessions without events; `state` is the merged view (session, `app:` and `user:` keys). */
export interface ListSessionsResponse {
  sessions: Session[]
}

export interface DeleteSessionRequest {
  appName: string
  userId: string
  sessionId: string
}

export interface AppendEventRequest {
  session: Session
  event: Event
  /** The lease of the run that appends. Without it, an append while another run holds the session is refused. */
  lease?: SessionLease | undefined
}

/** Which session a lease is for, who asks, and for how long. */
export interface SessionLeaseRequest {
  appName: string
  userId: string
  sessionId: string
  /** A unique id of the run asking (one per run, never reused). */
  owner: string
  /** How long the lease lives unless renewed, in milliseconds. */
  ttlMs: number
}

/** A granted lease: the owner and its fence (a number that grows each time the lease changes hands). */
export interface SessionLease {
  readonly appName: string
  readonly userId: string
  readonly sessionId: string
  readonly owner: string
  readonly fence: number
}

/**
 * Stores sessions and their events. `appendEvent` is the only way session state changes.
 *
 * The contract every implementation keeps (checked by the session-service conformance suite):
 * - `createSession` with an id that exists throws `AlreadyExistsError`.
 * - Each returned session carries the `revision` it was read at; `appendEvent` checks it and throws
 *   `StaleSessionError` (writing nothing) when the stored session moved on, else stores the event atomically,
 *   advances the revision and updates the caller's view. Appending an event id already stored is a no-op.
 * - `numRecentEvents: 0` returns no events; `afterTimestamp` is inclusive; `listSessions` returns merged state and
 *   no events; `partial` events and `temp:` keys are never stored.
 * - Services that implement the lease methods serialise runs across processes: a lease has an owner, a fence and
 *   an expiry; while a live lease is held, an append that does not carry it throws `SessionBusyError`.
 */
export interface BaseSessionService {
  createSession(request: CreateSessionRequest): Promise<Session>
  getSession(request: GetSessionRequest): Promise<Session | undefined>
  listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse>
  deleteSession(request: DeleteSessionRequest): Promise<void>
  appendEvent(request: AppendEventRequest): Promise<Event>
  /** Takes the session's lease when it is free, expired or already this owner's; `undefined` when another holds it. */
  acquireLease?(request: SessionLeaseRequest): Promise<SessionLease | undefined>
  /** Extends a held lease; `false` when it was lost (expired and taken by another run). */
  renewLease?(lease: SessionLease, ttlMs: number): Promise<boolean>
  /** Gives a lease back (a no-op when it was already lost). */
  releaseLease?(lease: SessionLease): Promise<void>
}
