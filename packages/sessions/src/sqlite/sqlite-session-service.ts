import {
  AlreadyExistsError,
  ConfigError,
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
import { applyAppended, withoutTempDelta } from '../session-view.js'
import { hasKeys, mergeState, splitState } from '../state-split.js'
import type { SqliteConnection } from './sqlite-connection.js'
import { SqliteFile } from './sqlite-file.js'
import { prepareSqliteSchema } from './sqlite-schema.js'

/** Options of {@link SqliteSessionService}. */
export interface SqliteSessionServiceOptions {
  /** The database file (created with its directory when missing), or `':memory:'` for a private in-memory one. */
  path: string
}

interface SessionRow {
  revision: number
  update_time: number
  state: string | null
}

const parse = (text: unknown): Record<string, unknown> | undefined =>
  typeof text === 'string' && text ? (JSON.parse(text) as Record<string, unknown>) : undefined

/**
 * Sessions in an embedded SQLite file (through `@libsql/client`: no server, no native build), in the layout of ADK
 * Python's `SqliteSessionService`, so `adk web --session_service_uri sqlite:///file.db` reads and writes the same
 * file. Adds only a `revision` column (and its trigger), an index and a lease table.
 *
 * Safe with several processes on one file: an append is one `BEGIN IMMEDIATE` transaction that checks the caller's
 * revision and the session's lease, merges the state deltas (shallow, `null` kept) and inserts the event.
 */
export class SqliteSessionService implements BaseSessionService {
  readonly path: string
  readonly #file: SqliteFile

  constructor(options: SqliteSessionServiceOptions | string) {
    const path = typeof options === 'string' ? options : (options as Partial<SqliteSessionServiceOptions> | null)?.path
    if (typeof path !== 'string' || path.length === 0) {
      throw new ConfigError([
        {
          code: 'session_store_options_invalid',
          path: ['SqliteSessionService', 'path'],
          message: `SqliteSessionService needs the path of its database file, got ${describeOptions(options)}.`,
          hint: "Pass it as new SqliteSessionService({ path: 'sessions.db' }) (or ':memory:'); for a URL use openSessionService('sqlite:///sessions.db').",
        },
      ])
    }
    this.path = path
    this.#file = new SqliteFile(this.path, 'session store', (db) => prepareSqliteSchema(db, this.path))
  }

  async createSession(request: CreateSessionRequest): Promise<Session> {
    const id = request.sessionId?.trim() || randomUUID()
    const { appName, userId } = request
    assertSessionIds({ appName, userId, sessionId: id }, 'createSession()')
    if (request.state) assertStorableState(request.state, 'createSession({ state })')
    const split = splitState(request.state)
    const now = Date.now() / 1000
    return this.#write(async (db) => {
      if (await db.get('SELECT 1 FROM sessions WHERE app_name = ? AND user_id = ? AND id = ?', [appName, userId, id])) {
        throw new AlreadyExistsError(`Session "${id}" already exists for app "${appName}", user "${userId}".`)
      }
      const app = await this.#mergeScope(db, 'app', appName, userId, split.app, now)
      const user = await this.#mergeScope(db, 'user', appName, userId, split.user, now)
      await db.run(
        'INSERT INTO sessions (app_name, user_id, id, state, create_time, update_time, revision) VALUES (?, ?, ?, ?, ?, ?, 0)',
        [appName, userId, id, JSON.stringify(split.session), now, now],
      )
      return {
        id,
        appName,
        userId,
        state: mergeState(split.session, app, user),
        events: [],
        lastUpdateTime: now * 1000,
        revision: 0,
      }
    })
  }

  async getSession(request: GetSessionRequest): Promise<Session | undefined> {
    const { appName, userId, sessionId, config } = request
    if (sessionIdsIssue(request)) return undefined
    const db = await this.#open()
    return db.serial(async () => {
      const limit = config?.numRecentEvents === undefined ? -1 : Math.max(0, Math.floor(config.numRecentEvents))
      const after = config?.afterTimestamp === undefined ? null : config.afterTimestamp / 1000
      // The session row and its events in one snapshot: an append by another process cannot fall between them.
      // Positional rows: (revision, update_time, state, app_state, user_state), then events (id, invocation_id,
      // timestamp, event_data) newest first: no object per row.
      const [sessionRows, rows = []] = await db.readTogether([
        {
          sql: `SELECT s.revision, s.update_time, s.state, a.state AS app_state, u.state AS user_state FROM sessions s
         LEFT JOIN app_states a ON a.app_name = s.app_name
         LEFT JOIN user_states u ON u.app_name = s.app_name AND u.user_id = s.user_id
         WHERE s.app_name = ? AND s.user_id = ? AND s.id = ?`,
          args: [appName, userId, sessionId],
        },
        ...(limit === 0
          ? []
          : [
              {
                sql: `SELECT id, invocation_id, timestamp, event_data FROM events
               WHERE app_name = ? AND user_id = ? AND session_id = ? AND (? IS NULL OR timestamp >= ?)
               ORDER BY timestamp DESC, rowid DESC LIMIT ?`,
                args: [appName, userId, sessionId, after, after, limit],
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
        id: sessionId,
        appName,
        userId,
        state: mergeState(parse(row[2]), parse(row[3]), parse(row[4])),
        events,
        lastUpdateTime: (row[1] as number) * 1000,
        revision: row[0] as number,
      }
    })
  }

  async listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse> {
    if (sessionIdsIssue(request)) return { sessions: [] }
    const db = await this.#open()
    const user = request.userId ?? null
    const rows = await db.serial(() =>
      db.all<SessionRow & { id: string; user_id: string; app_state: string | null; user_state: string | null }>(
        `SELECT s.id, s.user_id, s.revision, s.update_time, s.state, a.state AS app_state, u.state AS user_state
         FROM sessions s LEFT JOIN app_states a ON a.app_name = s.app_name
         LEFT JOIN user_states u ON u.app_name = s.app_name AND u.user_id = s.user_id
         WHERE s.app_name = ? AND (? IS NULL OR s.user_id = ?) ORDER BY s.update_time DESC, s.id`,
        [request.appName, user, user],
      ),
    )
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        appName: request.appName,
        userId: row.user_id,
        state: mergeState(parse(row.state), parse(row.app_state), parse(row.user_state)),
        events: [],
        lastUpdateTime: row.update_time * 1000,
        revision: row.revision,
      })),
    }
  }

  async deleteSession(request: DeleteSessionRequest): Promise<void> {
    if (sessionIdsIssue(request)) return
    const args = [request.appName, request.userId, request.sessionId]
    await this.#write(async (db) => {
      await db.run('DELETE FROM events WHERE app_name = ? AND user_id = ? AND session_id = ?', args)
      await db.run('DELETE FROM adk_session_leases WHERE app_name = ? AND user_id = ? AND session_id = ?', args)
      await db.run('DELETE FROM sessions WHERE app_name = ? AND user_id = ? AND id = ?', args)
    })
  }

  async appendEvent({ session, event, lease }: AppendEventRequest): Promise<Event> {
    if (event.partial) return event
    const { appName, userId, id } = session
    assertSessionIds({ appName, userId, sessionId: id }, 'appendEvent()')
    assertStorableState(event.actions.stateDelta, 'appendEvent()')
    const stored = withoutTempDelta(event)
    const key = [appName, userId, id]
    const result = await this.#write(async (db) => {
      const row = await db.get<SessionRow>(
        'SELECT revision, update_time, state FROM sessions WHERE app_name = ? AND user_id = ? AND id = ?',
        key,
      )
      if (!row) throw new SessionNotFoundError(`Session not found: ${id}`)
      // The fence before the idempotency short-cut: a run that lost the session learns it even when its event is
      // already stored (by the run that took the session over).
      const held = await db.get<{ owner: string; fence: number }>(
        'SELECT owner, fence FROM adk_session_leases WHERE app_name = ? AND user_id = ? AND session_id = ? AND expires_at > ?',
        [...key, Date.now()],
      )
      if (held && (held.owner !== lease?.owner || held.fence !== lease.fence)) {
        throw new SessionBusyError(`Session "${id}" is held by another run; this append was refused.`)
      }
      if (
        await db.get('SELECT 1 FROM events WHERE app_name = ? AND user_id = ? AND session_id = ? AND id = ?', [
          ...key,
          stored.id,
        ])
      ) {
        return undefined
      }
      await this.#checkRevision(db, session, row.revision)
      const timestamp = Math.max(stored.timestamp / 1000, row.update_time + 1e-6)
      const delta = splitState(stored.actions.stateDelta)
      const state = hasKeys(delta.session)
        ? JSON.stringify({ ...parse(row.state), ...delta.session })
        : (row.state ?? '{}')
      await db.run(
        'INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [stored.id, appName, userId, id, stored.invocationId, timestamp, JSON.stringify(encodeEvent(stored))],
      )
      await db.run(
        'UPDATE sessions SET state = ?, update_time = ?, revision = revision + 1 WHERE app_name = ? AND user_id = ? AND id = ?',
        [state, timestamp, ...key],
      )
      if (hasKeys(delta.app)) await this.#mergeScope(db, 'app', appName, userId, delta.app, timestamp)
      if (hasKeys(delta.user)) await this.#mergeScope(db, 'user', appName, userId, delta.user, timestamp)
      return { revision: row.revision + 1, timestamp }
    })
    if (result) applyAppended(session, stored, result.revision, result.timestamp * 1000)
    return stored
  }

  async acquireLease(request: SessionLeaseRequest): Promise<SessionLease | undefined> {
    const { appName, userId, sessionId, owner, ttlMs } = request
    if (sessionIdsIssue(request)) throw new SessionNotFoundError(`Session not found: ${JSON.stringify(sessionId)}`)
    return this.#write(async (db) => {
      if (
        !(await db.get('SELECT 1 FROM sessions WHERE app_name = ? AND user_id = ? AND id = ?', [
          appName,
          userId,
          sessionId,
        ]))
      ) {
        throw new SessionNotFoundError(`Session not found: ${sessionId}`)
      }
      const now = Date.now()
      const row = await db.get<{ fence: number }>(
        `INSERT INTO adk_session_leases AS l (app_name, user_id, session_id, owner, fence, expires_at) VALUES (?, ?, ?, ?, 1, ?)
         ON CONFLICT (app_name, user_id, session_id) DO UPDATE
           SET owner = excluded.owner, fence = CASE WHEN l.owner = excluded.owner THEN l.fence ELSE l.fence + 1 END,
             expires_at = excluded.expires_at
           WHERE l.expires_at <= ? OR l.owner = excluded.owner
         RETURNING fence`,
        [appName, userId, sessionId, owner, now + ttlMs, now],
      )
      return row ? { appName, userId, sessionId, owner, fence: row.fence } : undefined
    })
  }

  async renewLease(lease: SessionLease, ttlMs: number): Promise<boolean> {
    const { appName, userId, sessionId, owner, fence } = lease
    if (sessionIdsIssue(lease)) return false
    const changed = await this.#write((db) =>
      db.run(
        'UPDATE adk_session_leases SET expires_at = ? WHERE app_name = ? AND user_id = ? AND session_id = ? AND owner = ? AND fence = ?',
        [Date.now() + ttlMs, appName, userId, sessionId, owner, fence],
      ),
    )
    return changed > 0
  }

  async releaseLease(lease: SessionLease): Promise<void> {
    const { appName, userId, sessionId, owner, fence } = lease
    if (sessionIdsIssue(lease)) return
    await this.#write((db) =>
      db.run(
        'DELETE FROM adk_session_leases WHERE app_name = ? AND user_id = ? AND session_id = ? AND owner = ? AND fence = ?',
        [appName, userId, sessionId, owner, fence],
      ),
    )
  }

  /** Closes the database connection. */
  close(): Promise<void> {
    return this.#file.close()
  }

  async #checkRevision(db: SqliteConnection, session: Session, stored: number): Promise<void> {
    const expected = session.revision
    if (expected === stored) return
    if (expected === undefined) {
      const last = await db.get<{ id: string }>(
        'SELECT id FROM events WHERE app_name = ? AND user_id = ? AND session_id = ? ORDER BY timestamp DESC, rowid DESC LIMIT 1',
        [session.appName, session.userId, session.id],
      )
      if (last?.id === session.events.at(-1)?.id) return
    }
    throw new StaleSessionError(
      `Session "${session.id}" changed in storage since this view was read (revision ${expected ?? '?'} < ${stored}). Read it again and redo the turn.`,
      { ...(expected === undefined ? {} : { expectedRevision: expected }), actualRevision: stored },
    )
  }

  /** Shallow-merges a delta into the app or user scope row (created when missing); the merged scope state. */
  async #mergeScope(
    db: SqliteConnection,
    scope: 'app' | 'user',
    appName: string,
    userId: string,
    delta: Record<string, unknown>,
    now: number,
  ): Promise<Record<string, unknown>> {
    const [table, where, keys] =
      scope === 'app'
        ? ['app_states', 'app_name = ?', [appName]]
        : ['user_states', 'app_name = ? AND user_id = ?', [appName, userId]]
    const row = await db.get<{ state: string | null }>(`SELECT state FROM ${table} WHERE ${where}`, keys)
    const state = { ...parse(row?.state), ...delta }
    if (!row) {
      const columns = scope === 'app' ? 'app_name' : 'app_name, user_id'
      const marks = scope === 'app' ? '?' : '?, ?'
      await db.run(`INSERT INTO ${table} (${columns}, state, update_time) VALUES (${marks}, ?, ?)`, [
        ...keys,
        JSON.stringify(state),
        now,
      ])
    } else if (hasKeys(delta)) {
      await db.run(`UPDATE ${table} SET state = ?, update_time = ? WHERE ${where}`, [
        JSON.stringify(state),
        now,
        ...keys,
      ])
    }
    return state
  }

  async #write<T>(work: (db: SqliteConnection) => Promise<T>): Promise<T> {
    const db = await this.#open()
    return db.serial(() => db.transaction(() => work(db)))
  }

  #open(): Promise<SqliteConnection> {
    return this.#file.open()
  }
}

function describeOptions(options: unknown): string {
  if (typeof options === 'string') return 'an empty string'
  if (typeof options !== 'object' || options === null) return String(options)
  const keys = Object.keys(options)
  return keys.length > 0 ? `an object with ${keys.join(', ')}` : 'an empty object'
}
