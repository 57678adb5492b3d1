import type { Event } from '../events/event.js'
import type { Session } from './session.js'

export interface CreateSessionRequest {
  appName: string
  userId: string
  state?: Record<string, unknown>
  sessionId?: string
}

export interface GetSessionConfig {
  /** Keep only the last `n` events. */
  numRecentEvents?: number
  /** Keep only the trailing events with `timestamp >= afterTimestamp`. */
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
}

/** Stores sessions and their events. `appendEvent` is the only way session state changes. */
export interface BaseSessionService {
  createSession(request: CreateSessionRequest): Promise<Session>
  getSession(request: GetSessionRequest): Promise<Session | undefined>
  listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse>
  deleteSession(request: DeleteSessionRequest): Promise<void>
  appendEvent(request: AppendEventRequest): Promise<Event>
}
