import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'

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
