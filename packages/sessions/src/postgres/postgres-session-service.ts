import {
  ConfigError,
  AlreadyExistsError,
  SessionBusyError,
  SessionNotFoundError,
  StaleSessionError,
  type AppendEventRequest,
  type BaseSessionService,
  type CreateSessionRequest,
  type DeleteSessionRequest,
  type Event,
  type GetSessionRequest,
  type ListSessionsRequest,
  type ListSessionsResponse,
  type Session,
  type SessionLease,
  type SessionLeaseRequest,
} from '@adk-fluent/core'
import { assertSessionIds, assertStorableState, sessionIdsIssue } from '@adk-fluent/core/internal'
import { randomUUID } from 'node:crypto'
import { decodeEvent, encodeEvent } from '../event-codec.js'
import { KeyedMutex } from '../keyed-mutex.js'
import { PgStore, type PgPoolLike } from './pg-store.js'

export type { PgPoolLike } from './pg-store.js'
import { applyAppended, sessionKey, withoutTempDelta } from '../session-view.js'
import { hasKeys, mergeState, splitState } from '../state-split.js'
import { preparePostgresSchema } from './postgres-schema.js'
import { pgSql } from './postgres-sql.js'

/** Options of {@link PostgresSessionService}: a connection URL (the service owns its pool) or your own pool. */
export interface PostgresSessionServiceOptions {
  /** `postgresql://user:password@host:port/database`. */
  url?: string
  /** A `pg.Pool` you manage (its connections should run with `TimeZone=UTC`); `close()` does not end it. */
  pool?: PgPoolLike
  /** A schema (created when missing) to keep the tables in, instead of the connection's default. */
  schema?: string
  /** Connections of the pool the service creates (default 10). */
  maxConnections?: number
}

/**
 * Sessions in PostgreSQL, in ADK Python's V1 tables (`sessions`, `events` with the event as JSON in `event_data`,
 * `app_states`, `user_states`, `adk_internal_metadata`), so Python's `DatabaseSessionService` reads and writes the
 * same database. Adds only a `revision` column (and its trigger) and a lease table.
 *
 * An append is one statement: it checks the caller's revision and the session's lease, merges the state deltas
 * and inserts the event, or writes nothing. Appends are idempotent by event id. Needs the `pg` package.
 */
export class PostgresSessionService implements BaseSessionService {
  readonly #options: PostgresSessionServiceOptions
  readonly #appends = new KeyedMutex()
  readonly #store: PgStore

  constructor(options: PostgresSessionServiceOptions | string) {
    this.#options = typeof options === 'string' ? { url: options } : { ...options }
    if (!this.#options.url && !this.#options.pool) {
      throw new ConfigError([
        {
          code: 'session_store_options_invalid',
          path: ['PostgresSessionService', 'url'],
          message: 'PostgresSessionService needs a url (postgresql://…) or a pool, got neither.',
          hint: "Pass new PostgresSessionService({ url: 'postgresql://user:password@host:5432/db' }) or { pool }.",
        },
      ])
    }
    this.#store = new PgStore(
      this.#options,
      { what: 'session store', purpose: 'PostgresSessionService' },
      preparePostgresSchema,
    )
  }

  async createSession(request: CreateSessionRequest): Promise<Session> {
    const id = request.sessionId?.trim() || randomUUID()
    assertSessionIds({ appName: request.appName, userId: request.userId, sessionId: id }, 'createSession()')
    if (request.state) assertStorableState(request.state, 'createSession({ state })')
    const split = splitState(request.state)
    const row = await this.#query<{ revision: string; update_time: number; app_state: unknown; user_state: unknown }>(
      pgSql.create,
      [request.appName, request.userId, id, json(split.session), json(split.app), json(split.user)],
    ).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
        throw new AlreadyExistsError(
          `Session "${id}" already exists for app "${request.appName}", user "${request.userId}".`,
        )
      }
      throw error
    })
    const created = row.rows[0] as (typeof row.rows)[number]
    return {
      id,
      appName: request.appName,
      userId: request.userId,
      state: mergeState(split.session, record(created.app_state), record(created.user_state)),
      events: [],
      lastUpdateTime: created.update_time * 1000,
      revision: Number(created.revision),
    }
  }

  async getSession(request: GetSessionRequest): Promise<Session | undefined> {
    const { appName, userId, sessionId, config } = request
    if (sessionIdsIssue(request)) return undefined
    const after = config?.afterTimestamp === undefined ? null : config.afterTimestamp / 1000
    const limit = config?.numRecentEvents === undefined ? null : Math.max(0, Math.floor(config.numRecentEvents))
    const result = await this.#query<{
      kind: number
      id: string
      invocation_id: string
      ts: number
      event_data: string | null
      revision: string
      state: unknown
      app_state: unknown
      user_state: unknown
    }>(pgSql.get, [appName, userId, sessionId, after, limit])
    const rows = result.rows
    const row = rows[0]
    if (row?.kind !== 0) return undefined
    const events: Event[] = []
    for (let index = 1; index < rows.length; index++) {
      const event = rows[index] as (typeof rows)[number]
      events.push(
        decodeEvent(event.event_data, {
          id: event.id,
          invocationId: event.invocation_id,
          timestampMs: event.ts * 1000,
        }),
      )
    }
    return {
      id: sessionId,
      appName,
      userId,
      state: mergeState(record(row.state), record(row.app_state), record(row.user_state)),
      events,
      lastUpdateTime: row.ts * 1000,
      revision: Number(row.revision),
    }
  }

  async listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse> {
    if (sessionIdsIssue(request)) return { sessions: [] }
    const result = await this.#query<{
      id: string
      user_id: string
      update_time: number
      revision: string
      state: unknown
      app_state: unknown
      user_state: unknown
    }>(pgSql.list, [request.appName, request.userId ?? null])
    return {
      sessions: result.rows.map((row) => ({
        id: row.id,
        appName: request.appName,
        userId: row.user_id,
        state: mergeState(record(row.state), record(row.app_state), record(row.user_state)),
        events: [],
        lastUpdateTime: row.update_time * 1000,
        revision: Number(row.revision),
      })),
    }
  }

  async deleteSession(request: DeleteSessionRequest): Promise<void> {
    if (sessionIdsIssue(request)) return
    await this.#query(pgSql.delete, [request.appName, request.userId, request.sessionId])
  }

  async appendEvent({ session, event, lease }: AppendEventRequest): Promise<Event> {
    if (event.partial) return event
    assertSessionIds({ appName: session.appName, userId: session.userId, sessionId: session.id }, 'appendEvent()')
    assertStorableState(event.actions.stateDelta, 'appendEvent()')
    const key = sessionKey(session.appName, session.userId, session.id)
    return this.#appends.run(key, () => this.#append(session, withoutTempDelta(event), lease))
  }

  async acquireLease(request: SessionLeaseRequest): Promise<SessionLease | undefined> {
    const { appName, userId, sessionId, owner, ttlMs } = request
    if (sessionIdsIssue(request)) throw new SessionNotFoundError(`Session not found: ${JSON.stringify(sessionId)}`)
    const result = await this.#query<{ fence: string }>(pgSql.acquireLease, [
      appName,
      userId,
      sessionId,
      owner,
      ttlMs / 1000,
    ]).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code === '23503') {
        throw new SessionNotFoundError(`Session not found: ${sessionId}`)
      }
      throw error
    })
    const row = result.rows[0]
    return row ? { appName, userId, sessionId, owner, fence: Number(row.fence) } : undefined
  }

  async renewLease(lease: SessionLease, ttlMs: number): Promise<boolean> {
    const { appName, userId, sessionId, owner, fence } = lease
    if (sessionIdsIssue(lease)) return false
    const result = await this.#query(pgSql.renewLease, [appName, userId, sessionId, owner, fence, ttlMs / 1000])
    return (result.rowCount ?? 0) > 0
  }

  async releaseLease(lease: SessionLease): Promise<void> {
    const { appName, userId, sessionId, owner, fence } = lease
    if (sessionIdsIssue(lease)) return
    await this.#query(pgSql.releaseLease, [appName, userId, sessionId, owner, fence])
  }

  /** Ends the pool the service created (a pool passed in stays open). */
  close(): Promise<void> {
    return this.#store.close()
  }

  async #append(session: Session, event: Event, lease: SessionLease | undefined): Promise<Event> {
    const { appName, userId, id } = session
    const owner = lease?.owner ?? null
    const fence = lease?.fence ?? null
    let expected = session.revision
    if (expected === undefined) expected = await this.#revisionOfHandBuiltView(session, event, owner, fence)
    const delta = splitState(event.actions.stateDelta)
    const result = await this.#query<{ revision: string; stored_ts: number }>(pgSql.append, [
      appName,
      userId,
      id,
      event.id,
      event.invocationId,
      event.timestamp / 1000,
      JSON.stringify(encodeEvent(event)),
      hasKeys(delta.session) ? json(delta.session) : null,
      expected,
      hasKeys(delta.app) ? json(delta.app) : null,
      hasKeys(delta.user) ? json(delta.user) : null,
      owner,
      fence,
    ])
    const row = result.rows[0]
    if (row) {
      applyAppended(session, event, Number(row.revision), row.stored_ts * 1000)
      return event
    }
    const probe = await this.#query<{ revision: string; has_event: boolean; busy: boolean }>(pgSql.probe, [
      appName,
      userId,
      id,
      event.id,
      owner,
      fence,
    ])
    const found = probe.rows[0]
    if (!found) throw new SessionNotFoundError(`Session not found: ${id}`)
    // The fence before the idempotency short-cut: a run that lost the session learns it even when its event is
    // already stored (by the run that took the session over).
    if (found.busy) throw new SessionBusyError(`Session "${id}" is held by another run; this append was refused.`)
    if (found.has_event) return event
    throw new StaleSessionError(
      `Session "${id}" changed in storage since this view was read (revision ${expected} < ${found.revision}). Read it again and redo the turn.`,
      { expectedRevision: expected, actualRevision: Number(found.revision) },
    )
  }

  /** A view built by hand has no revision: it is current when its last event is the stored last event. */
  async #revisionOfHandBuiltView(
    session: Session,
    event: Event,
    owner: string | null,
    fence: number | null,
  ): Promise<number> {
    const probe = await this.#query<{ revision: string; last_event_id: string | null; busy: boolean }>(pgSql.probe, [
      session.appName,
      session.userId,
      session.id,
      event.id,
      owner,
      fence,
    ])
    const found = probe.rows[0]
    if (!found) throw new SessionNotFoundError(`Session not found: ${session.id}`)
    if (found.busy)
      throw new SessionBusyError(`Session "${session.id}" is held by another run; this append was refused.`)
    if ((found.last_event_id ?? undefined) !== session.events.at(-1)?.id) {
      throw new StaleSessionError(`Session "${session.id}" changed in storage since this view was built.`, {
        actualRevision: Number(found.revision),
      })
    }
    return Number(found.revision)
  }

  #query<R>(text: string, values: unknown[]): Promise<{ rows: R[]; rowCount: number | null }> {
    return this.#store.query<R>(text, values)
  }
}

function json(value: Record<string, unknown>): string {
  return JSON.stringify(value)
}

function record(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>
  return (value ?? undefined) as Record<string, unknown> | undefined
}
