import type { Event } from '../events/event.js'

/**
 * A conversation. `state` is a plain object (read it as `session.state.key`) merged from session, `app:` and
 * `user:` scopes. `events` is the session's history; treat both as read-only: they change only through
 * `SessionService.appendEvent`.
 */
export interface Session {
  readonly id: string
  readonly appName: string
  readonly userId: string
  state: Record<string, unknown>
  events: Event[]
  lastUpdateTime: number
  /**
   * The stored revision this view was read at (the number of appends so far). `appendEvent` checks it and advances
   * it; an append from a view whose revision is behind the store throws `StaleSessionError`. Absent on sessions
   * built by hand.
   */
  revision?: number
}
