import type { Event, SessionLease } from '@adk-fluent/core'
import {
  hasKeys,
  sessionErrors,
  type AppendedEvent,
  type AppendFacts,
  type EventAppend,
  type EventWindow,
  type LeaseTaken,
  type SessionKey,
  type SessionStoreDriver,
  type SplitState,
  type StoredSessionRecord,
} from '@adk-fluent/core/internal'
import { decodeEvent, encodeEvent } from '../event-codec.js'
import type { PgStore } from './pg-store.js'
import { pgSql } from './postgres-sql.js'

/** How often an append that wrote nothing is tried again when the facts read after it admit it (a lease came free). */
const WRITE_ATTEMPTS = 3

/**
 * The SQL of `PostgresSessionService` (the statements are in {@link pgSql}): each operation is one statement, an
 * append included. Timestamps cross as epoch seconds.
 * @internal
 */
export class PostgresSessionDriver implements SessionStoreDriver {
  readonly #store: PgStore

  constructor(store: PgStore) {
    this.#store = store
  }

  async create(key: SessionKey, state: SplitState): Promise<StoredSessionRecord | undefined> {
    const result = await this.#query<{
      revision: string
      update_time: number
      app_state: unknown
      user_state: unknown
    }>(pgSql.create, [...keyArgs(key), json(state.session), json(state.app), json(state.user)]).catch(
      (error: unknown) => {
        if (errorCode(error) === '23505') return undefined
        throw error
      },
    )
    const created = result?.rows[0]
    if (!created) return undefined
    return {
      sessionId: key.sessionId,
      userId: key.userId,
      state: { session: state.session, app: record(created.app_state), user: record(created.user_state) },
      events: [],
      lastUpdateTime: created.update_time * 1000,
      revision: Number(created.revision),
    }
  }

  async read(key: SessionKey, window: EventWindow): Promise<StoredSessionRecord | undefined> {
    const after = window.after === undefined ? null : window.after / 1000
    const { rows } = await this.#query<{
      kind: number
      id: string
      invocation_id: string
      ts: number
      event_data: string | null
      revision: string
      state: unknown
      app_state: unknown
      user_state: unknown
    }>(pgSql.get, [...keyArgs(key), after, window.limit ?? null])
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
      sessionId: key.sessionId,
      userId: key.userId,
      state: { session: record(row.state), app: record(row.app_state), user: record(row.user_state) },
      events,
      lastUpdateTime: row.ts * 1000,
      revision: Number(row.revision),
    }
  }

  async list(appName: string, userId: string | undefined): Promise<StoredSessionRecord[]> {
    const { rows } = await this.#query<{
      id: string
      user_id: string
      update_time: number
      revision: string
      state: unknown
      app_state: unknown
      user_state: unknown
    }>(pgSql.list, [appName, userId ?? null])
    return rows.map((row) => ({
      sessionId: row.id,
      userId: row.user_id,
      state: { session: record(row.state), app: record(row.app_state), user: record(row.user_state) },
      events: [],
      lastUpdateTime: row.update_time * 1000,
      revision: Number(row.revision),
    }))
  }

  async delete(key: SessionKey): Promise<void> {
    await this.#query(pgSql.delete, keyArgs(key))
  }

  /**
   * One statement writes under the conditions `admit` checks (revision, event id, lease); when it wrote nothing, the
   * facts read after it say why. A view built by hand (no revision) has its facts read first: its revision is the
   * stored one when its last event is the stored last event.
   */
  async append(append: EventAppend): Promise<AppendedEvent | undefined> {
    const { event, delta, lease } = append
    for (let attempt = 1; ; attempt++) {
      let expected = append.expectedRevision
      if (expected === undefined) {
        const facts = await this.#facts(append)
        if (!append.admit(facts) || !facts) return undefined
        expected = facts.revision
      }
      const { rows } = await this.#query<{ revision: string; stored_ts: number }>(pgSql.append, [
        ...keyArgs(append),
        event.id,
        event.invocationId,
        event.timestamp / 1000,
        JSON.stringify(encodeEvent(event)),
        hasKeys(delta.session) ? json(delta.session) : null,
        expected,
        hasKeys(delta.app) ? json(delta.app) : null,
        hasKeys(delta.user) ? json(delta.user) : null,
        lease?.owner ?? null,
        lease?.fence ?? null,
      ])
      const row = rows[0]
      if (row) return { revision: Number(row.revision), lastUpdateTime: row.stored_ts * 1000 }
      if (!append.admit(await this.#facts(append))) return undefined
      // Admitted now: the lease that refused the write expired or was given back since. Write again (a few times:
      // a session changing hands that often is busy).
      if (attempt === WRITE_ATTEMPTS) throw sessionErrors.busy(append.sessionId)
    }
  }

  async takeLease(key: SessionKey, owner: string, ttlMs: number): Promise<LeaseTaken> {
    const result = await this.#query<{ fence: string }>(pgSql.acquireLease, [...keyArgs(key), owner, ttlMs / 1000])
      // The lease row's foreign key: no such session.
      .catch((error: unknown) => {
        if (errorCode(error) === '23503') return undefined
        throw error
      })
    if (!result) return 'missing'
    const row = result.rows[0]
    return row ? { fence: Number(row.fence) } : 'held'
  }

  async renewLease(lease: SessionLease, ttlMs: number): Promise<boolean> {
    const { rowCount } = await this.#query(pgSql.renewLease, [
      ...keyArgs(lease),
      lease.owner,
      lease.fence,
      ttlMs / 1000,
    ])
    return (rowCount ?? 0) > 0
  }

  async releaseLease(lease: SessionLease): Promise<void> {
    await this.#query(pgSql.releaseLease, [...keyArgs(lease), lease.owner, lease.fence])
  }

  /** Ends the pool the store created (a pool passed in stays open). */
  close(): Promise<void> {
    return this.#store.close()
  }

  async #facts(append: EventAppend): Promise<AppendFacts | undefined> {
    const { rows } = await this.#query<{
      revision: string
      has_event: boolean
      lease_owner: string | null
      lease_fence: string | null
      last_event_id: string | null
    }>(pgSql.facts, [...keyArgs(append), append.event.id])
    const row = rows[0]
    if (!row) return undefined
    return {
      revision: Number(row.revision),
      hasEvent: row.has_event,
      lease: row.lease_owner === null ? undefined : { owner: row.lease_owner, fence: Number(row.lease_fence) },
      lastEventId: row.last_event_id ?? undefined,
    }
  }

  #query<R>(text: string, values: unknown[]): Promise<{ rows: R[]; rowCount: number | null }> {
    return this.#store.query<R>(text, values)
  }
}

const keyArgs = (key: SessionKey): unknown[] => [key.appName, key.userId, key.sessionId]

/** The SQLSTATE of a failed statement (kept as the cause of the store's error). */
function errorCode(error: unknown): string | undefined {
  return (error as { cause?: { code?: string } }).cause?.code
}

function json(value: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(value)
}

function record(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>
  return (value ?? undefined) as Record<string, unknown> | undefined
}
