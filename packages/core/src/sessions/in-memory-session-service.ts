import { sessionErrors } from '../errors/session-errors.js'
import { InMemorySessionDriver } from './in-memory-session-driver.js'
import { processLeases, type ProcessLeases } from './process-leases.js'
import { StoredSessionService } from './stored-session-service.js'

/**
 * Sessions in memory, with ADK's `app:` / `user:` / `temp:` state scopes: the session protocol
 * (`StoredSessionService`) over JS maps.
 *
 * Unlike ADK, reading a session does not deep-copy its history: the returned `events` array is the stored one
 * (append-only; events are frozen when appended), so a turn on a 20,000-event session costs the same as on an empty
 * one. `state` is a fresh shallow merge of the session, app and user scopes on every read.
 *
 * Keeps the session-service contract of `BaseSessionService`: duplicate ids are refused, appends check the
 * view's revision and are idempotent by event id, and leases (with fence and expiry) serialise runs in this process.
 */
export class InMemorySessionService extends StoredSessionService {
  readonly #driver: InMemorySessionDriver

  constructor() {
    const driver = new InMemorySessionDriver()
    super(driver)
    this.#driver = driver
  }

  /** Runs of this process hold a session without expiry or renewal (see {@link ProcessLeases}). @internal */
  readonly [processLeases]: ProcessLeases = {
    hold: (request) => {
      const taken = this.#driver.hold(request, request.owner, Infinity)
      if (taken === 'missing') throw sessionErrors.notFound(request.sessionId)
      return taken === 'held' ? undefined : taken
    },
    release: (lease) => this.#driver.release(lease),
    released: (request) => this.#driver.released(request),
  }
}
