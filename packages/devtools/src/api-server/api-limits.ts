import type { BaseSessionService, Session } from '@adk-fluent/core'
import { defaultHttpServerLimits, type HttpServerLimits } from '../http/http-server.js'
import { HttpRequestError } from '../http/request-error.js'

/**
 * How much one client can make an ADK API server hold: sessions per user, events per session, eval sets, cases and
 * results per app, open event streams, and how long a request may take to arrive. Over a limit, a request is refused
 * with 429 `HTTP_TOO_MANY` (413 for an imported session with too many events) and nothing of it is stored.
 */
export interface AdkApiLimits extends HttpServerLimits {
  /** Sessions one user of one app may have (default 10,000); counted from the store when the server first sees the user. */
  readonly sessionsPerUser: number
  /** Events a session may hold before a run, a state update or an import is refused (default 10,000). */
  readonly eventsPerSession: number
  /** Eval sets per app (default 100). */
  readonly evalSetsPerApp: number
  /** Cases per eval set (default 1,000). */
  readonly casesPerEvalSet: number
  /** Eval results kept per app; the oldest is forgotten first (default 100). */
  readonly keptEvalResults: number
}

export const defaultAdkApiLimits: AdkApiLimits = Object.freeze({
  ...defaultHttpServerLimits,
  sessionsPerUser: 10_000,
  eventsPerSession: 10_000,
  evalSetsPerApp: 100,
  casesPerEvalSet: 1_000,
  keptEvalResults: 100,
})

/** A 429 naming what is full, its limit and what to do. */
export function limitReached(message: string): HttpRequestError {
  return new HttpRequestError('HTTP_TOO_MANY', message)
}

/** Throws a 429 when `session` already holds as many events as a session may (a run or a state update adds more). */
export function checkEventRoom(session: Session, limits: AdkApiLimits): void {
  if (session.events.length >= limits.eventsPerSession)
    throw limitReached(
      `Session ${session.id} holds ${session.events.length} events, the most this server lets a session hold: start a new session.`,
    )
}

/**
 * Counts the sessions of each user of each app: read from the store once (when the server first creates or deletes a
 * session of that user), then kept by the server's own creates and deletes, so a create costs no listing.
 */
export class SessionCounter {
  readonly #counts = new Map<string, number>()
  readonly #service: BaseSessionService
  readonly #limit: number

  constructor(service: BaseSessionService, limit: number) {
    this.#service = service
    this.#limit = limit
  }

  async #count(appName: string, userId: string): Promise<[string, number]> {
    const key = JSON.stringify([appName, userId])
    let count = this.#counts.get(key)
    if (count === undefined) {
      count = (await this.#service.listSessions({ appName, userId })).sessions.length
      this.#counts.set(key, count)
    }
    return [key, count]
  }

  /** Throws a 429 when the user already has as many sessions as allowed. */
  async checkRoom(appName: string, userId: string): Promise<void> {
    const [, count] = await this.#count(appName, userId)
    if (count >= this.#limit)
      throw limitReached(
        `User "${userId}" of app "${appName}" has ${count} sessions, the most this server keeps per user: delete some (DELETE /apps/${appName}/users/${userId}/sessions/{id}) before creating another.`,
      )
  }

  /** Notes a session created (+1) or deleted (-1). */
  async changed(appName: string, userId: string, by: 1 | -1): Promise<void> {
    const [key, count] = await this.#count(appName, userId)
    this.#counts.set(key, Math.max(0, count + by))
  }
}
