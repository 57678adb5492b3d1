import { defaultHttpServerLimits, type HttpServerLimits } from '../http/http-server.js'

/**
 * How much the dev UI's server holds for its clients: the user's sessions, a session's events, the run logs it keeps
 * (with their traces), open event streams and request timeouts. Past a limit a request is refused with 429
 * `HTTP_TOO_MANY` and nothing is stored; past `keptRuns` the oldest finished run's log is forgotten.
 */
export interface WebLimits extends HttpServerLimits {
  /** Sessions of the dev UI's user (default 10,000). */
  readonly sessions: number
  /** Events a session may hold before a turn is refused (default 10,000). */
  readonly eventsPerSession: number
  /** Run logs kept for the page (default 1,000): the oldest finished one is forgotten first. */
  readonly keptRuns: number
}

export const defaultWebLimits: WebLimits = Object.freeze({
  ...defaultHttpServerLimits,
  sessions: 10_000,
  eventsPerSession: 10_000,
  keptRuns: 1_000,
})
