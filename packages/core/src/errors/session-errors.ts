import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'
import { SessionNotFoundError } from './runtime-errors.js'

/**
 * An append from a stale view: the stored session changed (another writer appended) since this view was read.
 * Nothing was written. Read the session again (`getSession`) and redo the whole turn; never append blindly.
 */
export class StaleSessionError extends AdkFluentError {
  /** The revision the caller's view was read at. */
  readonly expectedRevision: number | undefined
  /** The stored revision found at append time. */
  readonly actualRevision: number | undefined
  constructor(
    message: string,
    options: AdkFluentErrorOptions & { expectedRevision?: number; actualRevision?: number } = {},
  ) {
    super('SESSION_STALE', message, options)
    this.expectedRevision = options.expectedRevision
    this.actualRevision = options.actualRevision
  }
}

/**
 * The session is held by another run (its lease is live): a second run with `onBusy: 'reject'`, or a session write
 * from outside the run that holds it. Nothing was written.
 */
export class SessionBusyError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('SESSION_BUSY', message, options)
  }
}

/** `createSession` was given an id that already exists. */
export class AlreadyExistsError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('SESSION_EXISTS', message, options)
  }
}

/** The session store failed (database unreachable, I/O error). The operation may not have been applied. */
export class SessionStoreError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('SESSION_STORE_FAILED', message, options)
  }
}

/** An id as a message shows it: as is, or quoted with escapes when it is not well-formed text (a lone surrogate). */
function shown(id: string): string {
  return /[\uD800-\uDFFF]/u.test(id) ? JSON.stringify(id) : id
}

/**
 * The one wording of each session error, with its class (and so its stable `code`): every session store (through
 * `StoredSessionService`), the runners and the servers build them here.
 * Exported from `@adk-fluent/core/internal`.
 */
export const sessionErrors = Object.freeze({
  /** `SESSION_NOT_FOUND`, in ADK's words (`Session not found: <id>`, what its HTTP API answers). */
  notFound(sessionId: string, options: AdkFluentErrorOptions = {}): SessionNotFoundError {
    return new SessionNotFoundError(`Session not found: ${shown(sessionId)}`, options)
  },

  /** `SESSION_EXISTS`: `createSession` with an id the app's user already has. */
  exists(ids: { appName: string; userId: string; sessionId: string }): AlreadyExistsError {
    return new AlreadyExistsError(
      `Session "${shown(ids.sessionId)}" already exists for app "${shown(ids.appName)}", user "${shown(ids.userId)}".`,
    )
  },

  /** `SESSION_BUSY`: an append without the lease of the run holding the session. */
  busy(sessionId: string): SessionBusyError {
    return new SessionBusyError(`Session "${shown(sessionId)}" is held by another run; this append was refused.`)
  },

  /**
   * `SESSION_STALE`: the view appended from is behind the store (`expected` is the view's revision; `undefined` for
   * a view built by hand, whose last event is then not the stored last event).
   */
  stale(sessionId: string, expected: number | undefined, actual: number): StaleSessionError {
    const view =
      expected === undefined
        ? 'the view has no revision and does not end with the stored last event'
        : `the view is at revision ${expected}`
    return new StaleSessionError(
      `Session "${shown(sessionId)}" changed in storage since this view was read (${view}; the store is at revision ${actual}). Read it again and redo the turn.`,
      { ...(expected === undefined ? {} : { expectedRevision: expected }), actualRevision: actual },
    )
  },
})
