import type { Event, SessionLease } from '@adk-fluent/core'
import {
  hasKeys,
  type AppendedEvent,
  type EventAppend,
  type EventWindow,
  type LeaseTaken,
  type SessionKey,
  type SessionStoreDriver,
  type SplitState,
  type StoredSessionRecord,
} from '@adk-fluent/core/internal'
import { decodeEvent, encodeEvent } from '../event-codec.js'
import type { SqliteConnection } from './sqlite-connection.js'
import { SqliteFile } from './sqlite-file.js'
import { prepareSqliteSchema } from './sqlite-schema.js'

const parse = (text: unknown): Record<string, unknown> | undefined =>
  typeof text === 'string' && text ? (JSON.parse(text) as Record<string, unknown>) : undefined

const WHERE_SESSION = 'app_name = ? AND user_id = ? AND id = ?'
const WHERE_EVENTS = 'app_name = ? AND user_id = ? AND session_id = ?'
const WHERE_LEASE = 'app_name = ? AND user_id = ? AND session_id = ?'
const keyArgs = (key: SessionKey) => [key.appName, key.userId, key.sessionId]

/**
 * The SQL of `SqliteSessionService`: ADK Python's tables (`sessions`, `events`, `app_states`, `user_states`) plus
 * our `revision` column and `adk_session_leases`. Times are stored as epoch seconds (ADK's floats), as milliseconds
 * only in the lease table. Every write is one `BEGIN IMMEDIATE` transaction on the file's one connection.
 * @internal
 */
export class SqliteSessionDriver implements SessionStoreDriver {
  readonly #file: SqliteFile

  constructor(path: string) {
    this.#file = new SqliteFile(path, 'session store', (db) => prepareSqliteSchema(db, path))
  }

  create(key: SessionKey, state: SplitState): Promise<StoredSessionRecord | undefined> {
    const now = Date.now() / 1000
    return this.#write(async (db) => {
      if (await db.get(`SELECT 1 FROM sessions WHERE ${WHERE_SESSION}`, keyArgs(key))) return undefined
      const app = await mergeScope(db, 'app', key, state.app, now)
      const user = await mergeScope(db, 'user', key, state.user, now)
      await db.run(
        'INSERT INTO sessions (app_name, user_id, id, state, create_time, update_time, revision) VALUES (?, ?, ?, ?, ?, ?, 0)',
        [...keyArgs(key), JSON.stringify(state.session), now, now],
      )
      return {
        sessionId: key.sessionId,
        userId: key.userId,
        state: { session: state.session, app, user },
        events: [],
        lastUpdateTime: now * 1000,
        revision: 0,
      }
    })
  }

  async read(key: SessionKey, window: EventWindow): Promise<StoredSessionRecord | undefined> {
    const db = await this.#file.open()
    return db.serial(async () => {
      // Stored in seconds, read back as `seconds * 1000`: the filter compares that same product, so an event's own
      // timestamp selects it (`after / 1000` can round above the stored value). The coarse bound keeps the index.
      const after = window.after ?? null
      const afterSeconds = after === null ? null : (after - 1) / 1000
      // The session row and its events in one snapshot: an append by another process cannot fall between them.
      // Positional rows: (revision, update_time, state, app_state, user_state), then events (id, invocation_id,
      // timestamp, event_data) newest first: no object per row.
      const [sessionRows, rows = []] = await db.readTogether([
        {
          sql: `SELECT s.revision, s.update_time, s.state, a.state AS app_state, u.state AS user_state FROM sessions s
         LEFT JOIN app_states a ON a.app_name = s.app_name
         LEFT JOIN user_states u ON u.app_name = s.app_name AND u.user_id = s.user_id
         WHERE s.app_name = ? AND s.user_id = ? AND s.id = ?`,
          args: keyArgs(key),
        },
        ...(window.limit === 0
          ? []
          : [
              {
                sql: `SELECT id, invocation_id, timestamp, event_data FROM events
               WHERE ${WHERE_EVENTS} AND (? IS NULL OR (timestamp >= ? AND timestamp * 1000 >= ?))
               ORDER BY timestamp DESC, rowid DESC LIMIT ?`,
                args: [...keyArgs(key), after, afterSeconds, after, window.limit ?? -1],
              },
            ]),
      ])
      const row = sessionRows?.[0]
      if (!row) return undefined
      const events: Event[] = []
      for (let index = rows.length - 1; index >= 0; index--) {
        const event = rows[index] as unknown[]
        events.push(
          decodeEvent(event[3] as string, {
            id: event[0] as string,
            invocationId: event[1] as string,
            timestampMs: (event[2] as number) * 1000,
          }),
        )
      }
      return {
        sessionId: key.sessionId,
        userId: key.userId,
        state: { session: parse(row[2]), app: parse(row[3]), user: parse(row[4]) },
        events,
        lastUpdateTime: (row[1] as number) * 1000,
        revision: row[0] as number,
      }
    })
  }

  async list(appName: string, userId: string | undefined): Promise<StoredSessionRecord[]> {
    const db = await this.#file.open()
    const user = userId ?? null
    const rows = await db.serial(() =>
      db.all<{
        id: string
        user_id: string
        revision: number
        update_time: number
        state: string | null
        app_state: string | null
        user_state: string | null
      }>(
        `SELECT s.id, s.user_id, s.revision, s.update_time, s.state, a.state AS app_state, u.state AS user_state
         FROM sessions s LEFT JOIN app_states a ON a.app_name = s.app_name
         LEFT JOIN user_states u ON u.app_name = s.app_name AND u.user_id = s.user_id
         WHERE s.app_name = ? AND (? IS NULL OR s.user_id = ?) ORDER BY s.update_time DESC, s.id`,
        [appName, user, user],
      ),
    )
    return rows.map((row) => ({
      sessionId: row.id,
      userId: row.user_id,
      state: { session: parse(row.state), app: parse(row.app_state), user: parse(row.user_state) },
      events: [],
      lastUpdateTime: row.update_time * 1000,
      revision: row.revision,
    }))
  }

  async delete(key: SessionKey): Promise<void> {
    await this.#write(async (db) => {
      await db.run(`DELETE FROM events WHERE ${WHERE_EVENTS}`, keyArgs(key))
      await db.run(`DELETE FROM adk_session_leases WHERE ${WHERE_LEASE}`, keyArgs(key))
      await db.run(`DELETE FROM sessions WHERE ${WHERE_SESSION}`, keyArgs(key))
    })
  }

  append(append: EventAppend): Promise<AppendedEvent | undefined> {
    const key = keyArgs(append)
    const { event, delta } = append
    return this.#write(async (db) => {
      const row = await db.get<{ revision: number; update_time: number; state: string | null }>(
        `SELECT revision, update_time, state FROM sessions WHERE ${WHERE_SESSION}`,
        key,
      )
      const facts = row && {
        revision: row.revision,
        lease: await db.get<{ owner: string; fence: number }>(
          `SELECT owner, fence FROM adk_session_leases WHERE ${WHERE_LEASE} AND expires_at > ?`,
          [...key, Date.now()],
        ),
        hasEvent: !!(await db.get(`SELECT 1 FROM events WHERE ${WHERE_EVENTS} AND id = ?`, [...key, event.id])),
        lastEventId:
          append.expectedRevision === undefined
            ? (
                await db.get<{ id: string }>(
                  `SELECT id FROM events WHERE ${WHERE_EVENTS} ORDER BY timestamp DESC, rowid DESC LIMIT 1`,
                  key,
                )
              )?.id
            : undefined,
      }
      if (!append.admit(facts) || !row) return undefined
      // Strictly increasing: events sharing a millisecond keep their order.
      const timestamp = Math.max(event.timestamp / 1000, row.update_time + 1e-6)
      const state = hasKeys(delta.session)
        ? JSON.stringify({ ...parse(row.state), ...delta.session })
        : (row.state ?? '{}')
      await db.run(
        'INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [event.id, ...key, event.invocationId, timestamp, JSON.stringify(encodeEvent(event))],
      )
      await db.run(`UPDATE sessions SET state = ?, update_time = ?, revision = revision + 1 WHERE ${WHERE_SESSION}`, [
        state,
        timestamp,
        ...key,
      ])
      if (hasKeys(delta.app)) await mergeScope(db, 'app', append, delta.app, timestamp)
      if (hasKeys(delta.user)) await mergeScope(db, 'user', append, delta.user, timestamp)
      return { revision: row.revision + 1, lastUpdateTime: timestamp * 1000 }
    })
  }

  takeLease(key: SessionKey, owner: string, ttlMs: number): Promise<LeaseTaken> {
    return this.#write(async (db) => {
      if (!(await db.get(`SELECT 1 FROM sessions WHERE ${WHERE_SESSION}`, keyArgs(key)))) return 'missing'
      const now = Date.now()
      const row = await db.get<{ fence: number }>(
        `INSERT INTO adk_session_leases AS l (app_name, user_id, session_id, owner, fence, expires_at) VALUES (?, ?, ?, ?, 1, ?)
         ON CONFLICT (app_name, user_id, session_id) DO UPDATE
           SET owner = excluded.owner, fence = CASE WHEN l.owner = excluded.owner THEN l.fence ELSE l.fence + 1 END,
             expires_at = excluded.expires_at
           WHERE l.expires_at <= ? OR l.owner = excluded.owner
         RETURNING fence`,
        [...keyArgs(key), owner, now + ttlMs, now],
      )
      return row ? { fence: row.fence } : 'held'
    })
  }

  async renewLease(lease: SessionLease, ttlMs: number): Promise<boolean> {
    const changed = await this.#write((db) =>
      db.run(`UPDATE adk_session_leases SET expires_at = ? WHERE ${WHERE_LEASE} AND owner = ? AND fence = ?`, [
        Date.now() + ttlMs,
        ...keyArgs(lease),
        lease.owner,
        lease.fence,
      ]),
    )
    return changed > 0
  }

  async releaseLease(lease: SessionLease): Promise<void> {
    await this.#write((db) =>
      db.run(`DELETE FROM adk_session_leases WHERE ${WHERE_LEASE} AND owner = ? AND fence = ?`, [
        ...keyArgs(lease),
        lease.owner,
        lease.fence,
      ]),
    )
  }

  /** Closes the database connection. */
  close(): Promise<void> {
    return this.#file.close()
  }

  async #write<T>(work: (db: SqliteConnection) => Promise<T>): Promise<T> {
    const db = await this.#file.open()
    return db.serial(() => db.transaction(() => work(db)))
  }
}

/** Shallow-merges a delta into the app or user scope row (created when missing); the merged scope state. */
async function mergeScope(
  db: SqliteConnection,
  scope: 'app' | 'user',
  key: SessionKey,
  delta: Readonly<Record<string, unknown>>,
  now: number,
): Promise<Record<string, unknown>> {
  const [table, where, args] =
    scope === 'app'
      ? ['app_states', 'app_name = ?', [key.appName]]
      : ['user_states', 'app_name = ? AND user_id = ?', [key.appName, key.userId]]
  const row = await db.get<{ state: string | null }>(`SELECT state FROM ${table} WHERE ${where}`, args)
  const state = { ...parse(row?.state), ...delta }
  if (!row) {
    const columns = scope === 'app' ? 'app_name' : 'app_name, user_id'
    const marks = scope === 'app' ? '?' : '?, ?'
    await db.run(`INSERT INTO ${table} (${columns}, state, update_time) VALUES (${marks}, ?, ?)`, [
      ...args,
      JSON.stringify(state),
      now,
    ])
  } else if (hasKeys(delta)) {
    await db.run(`UPDATE ${table} SET state = ?, update_time = ? WHERE ${where}`, [JSON.stringify(state), now, ...args])
  }
  return state
}
