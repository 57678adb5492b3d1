import type { Event } from '../events/event.js'
import type { SessionLease } from './base-session-service.js'
import type { ScopedState, SplitState } from './scoped-state.js'

/** The three ids a store keys a session by. */
export interface SessionKey {
  readonly appName: string
  readonly userId: string
  readonly sessionId: string
}

/** A session as a store read it; `StoredSessionService` turns it into the {@link Session} view callers get. */
export interface StoredSessionRecord {
  readonly sessionId: string
  readonly userId: string
  /** The session's scope and its app's and user's (see {@link ScopedState}); merged into the view's `state`. */
  readonly state: ScopedState
  /** Oldest first. A store in this process's memory may hand out its own (append-only) array: no copy per read. */
  readonly events: Event[]
  /** Milliseconds since the epoch. */
  readonly lastUpdateTime: number
  /** Appends so far. */
  readonly revision: number
}

/**
 * Which events a read returns: the newest `limit` (all when `undefined`, none when 0) of those with `timestamp >=
 * after` (milliseconds, inclusive; all when `undefined`), oldest first.
 */
export interface EventWindow {
  readonly limit: number | undefined
  readonly after: number | undefined
}

/** What a store knows about a session at the moment it appends an event (read inside the append's atomic step). */
export interface AppendFacts {
  readonly revision: number
  /** The session's live lease (`expiresAt` in the future), if any. */
  readonly lease: { readonly owner: string; readonly fence: number } | undefined
  /** True when the session already holds an event with the appended event's id. */
  readonly hasEvent: boolean
  /** The id of the session's newest event: needed only when {@link EventAppend.expectedRevision} is `undefined`. */
  readonly lastEventId?: string | undefined
}

/** One event to append, as `StoredSessionService` hands it to a driver. */
export interface EventAppend extends SessionKey {
  /** The event as stored (no `temp:` keys in its state delta). */
  readonly event: Event
  /** Its state delta split into scopes (on first read): merge each into the session's, app's and user's stored state. */
  readonly delta: SplitState
  /** The lease the append carries, if any. */
  readonly lease: SessionLease | undefined
  /** The revision of the caller's view; `undefined` for a view built by hand (then `lastEventId` decides). */
  readonly expectedRevision: number | undefined
  /**
   * The protocol's verdict on the facts: throws `SessionNotFoundError` (no facts: no such session),
   * `SessionBusyError` (another run's lease) or `StaleSessionError` (the view is behind), in that order; `false` when
   * the event is already stored (write nothing: appends are idempotent by event id); `true` to write.
   */
  admit(facts: AppendFacts | undefined): boolean
}

/** A stored append: the session's new revision and update time (the event's stored timestamp, milliseconds). */
export interface AppendedEvent {
  readonly revision: number
  readonly lastUpdateTime: number
  /** The history array the store pushed the event onto, when it keeps one in memory (views that share it already hold the event). */
  readonly history?: Event[] | undefined
}

/** A lease taken: its fence; `'held'` when another run holds a live lease; `'missing'` when there is no such session. */
export type LeaseTaken = { readonly fence: number } | 'held' | 'missing'

/**
 * The storage under `StoredSessionService`: a store keeps sessions, their events, the app and user scopes of state
 * and session leases, and nothing of the session protocol. Ids are checked, state validated, `temp:` keys removed,
 * deltas split, errors worded and views built by the service; a driver only reads and writes, each method one
 * atomic step (a transaction, a statement, a synchronous piece of code).
 *
 * To add an operation (say, reading what a session's events wait for): add a method here, implement it in each
 * driver (`InMemorySessionDriver` in core, SQLite and PostgreSQL in `@adk-fluent/sessions`), and call it from
 * `StoredSessionService`; reads of events can reuse {@link SessionStoreDriver.read} with an {@link EventWindow}.
 */
export interface SessionStoreDriver {
  /** Stores a new session with its state (app and user scopes merged into theirs); `undefined` when the id is taken. */
  create(key: SessionKey, state: SplitState): Promise<StoredSessionRecord | undefined>

  /** The session with the events of `window`; `undefined` when there is none. */
  read(key: SessionKey, window: EventWindow): Promise<StoredSessionRecord | undefined>

  /** The sessions of an app (of one user when `userId` is set), events not read (`[]`). */
  list(appName: string, userId: string | undefined): Promise<StoredSessionRecord[]>

  /** Removes the session, its events and its lease (a no-op when there is none). */
  delete(key: SessionKey): Promise<void>

  /**
   * In one atomic step: reads the session's {@link AppendFacts} and asks `append.admit`; when it answers `true`,
   * inserts the event, merges the delta's scopes and advances the revision by one. `undefined` when nothing was
   * written (the event was already stored). A store whose atomic step cannot call back (one SQL statement) writes
   * under the conditions `admit` checks and, when that wrote nothing, asks `admit` about facts read after it.
   * Appends through one view reach the driver one after the other (the service queues them).
   * May answer synchronously (a store in this process's memory): the view is then updated before `appendEvent` returns.
   */
  append(append: EventAppend): Promise<AppendedEvent | undefined> | AppendedEvent | undefined

  /** Takes the session's lease when it is free, expired or already `owner`'s (the fence grows when the owner changes). */
  takeLease(key: SessionKey, owner: string, ttlMs: number): Promise<LeaseTaken>

  /** Extends a lease still held (same owner and fence) by `ttlMs` from now; `false` when it was lost. */
  renewLease(lease: SessionLease, ttlMs: number): Promise<boolean>

  /** Gives a lease back if it is still held (same owner and fence). */
  releaseLease(lease: SessionLease): Promise<void>
}
