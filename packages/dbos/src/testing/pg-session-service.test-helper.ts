// A small PostgreSQL session service for this package's tests (sessions in a table, events appended idempotently by
// id). It stands in for @adk-fluent/sessions' PostgresSessionService until that lands; it is not exported.
import pg from 'pg'
import type {
  AppendEventRequest,
  BaseSessionService,
  CreateSessionRequest,
  DeleteSessionRequest,
  Event,
  GetSessionRequest,
  ListSessionsRequest,
  ListSessionsResponse,
  Session,
} from '@adk-fluent/core'

export class PgTestSessionService implements BaseSessionService {
  readonly #pool: pg.Pool
  /** How many appends actually inserted a row (a re-appended id does not count). */
  inserted = 0

  constructor(url: string) {
    this.#pool = new pg.Pool({ connectionString: url, max: 4 })
    this.#pool.on('error', () => undefined)
  }

  async init(): Promise<this> {
    await this.#pool
      .query(`CREATE TABLE IF NOT EXISTS test_sessions (app TEXT, usr TEXT, id TEXT, state JSONB NOT NULL DEFAULT '{}',
      PRIMARY KEY (app, usr, id))`)
    await this.#pool
      .query(`CREATE TABLE IF NOT EXISTS test_events (seq BIGSERIAL PRIMARY KEY, app TEXT, usr TEXT, session TEXT,
      id TEXT, data JSONB NOT NULL, UNIQUE (app, usr, session, id))`)
    return this
  }

  async createSession(request: CreateSessionRequest): Promise<Session> {
    const id = request.sessionId ?? crypto.randomUUID()
    await this.#pool.query('INSERT INTO test_sessions (app, usr, id, state) VALUES ($1, $2, $3, $4)', [
      request.appName,
      request.userId,
      id,
      JSON.stringify(request.state ?? {}),
    ])
    return {
      id,
      appName: request.appName,
      userId: request.userId,
      state: { ...request.state },
      events: [],
      lastUpdateTime: Date.now(),
    }
  }

  async getSession(request: GetSessionRequest): Promise<Session | undefined> {
    const session = await this.#pool.query<{ state: Record<string, unknown> }>(
      'SELECT state FROM test_sessions WHERE app = $1 AND usr = $2 AND id = $3',
      [request.appName, request.userId, request.sessionId],
    )
    const row = session.rows[0]
    if (!row) return undefined
    const events = await this.#pool.query<{ data: Event }>(
      'SELECT data FROM test_events WHERE app = $1 AND usr = $2 AND session = $3 ORDER BY seq',
      [request.appName, request.userId, request.sessionId],
    )
    const list = events.rows.map((item) => item.data)
    return {
      id: request.sessionId,
      appName: request.appName,
      userId: request.userId,
      state: row.state,
      events: list,
      lastUpdateTime: list.at(-1)?.timestamp ?? 0,
    }
  }

  async listSessions(_request: ListSessionsRequest): Promise<ListSessionsResponse> {
    return { sessions: [] }
  }

  async deleteSession(request: DeleteSessionRequest): Promise<void> {
    await this.#pool.query('DELETE FROM test_sessions WHERE app = $1 AND usr = $2 AND id = $3', [
      request.appName,
      request.userId,
      request.sessionId,
    ])
  }

  async appendEvent({ session, event }: AppendEventRequest): Promise<Event> {
    if (event.partial) return event
    const delta: Record<string, unknown> = {}
    for (const key in event.actions.stateDelta) if (!key.startsWith('temp:')) delta[key] = event.actions.stateDelta[key]
    const client = await this.#pool.connect()
    try {
      await client.query('BEGIN')
      const result = await client.query(
        'INSERT INTO test_events (app, usr, session, id, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [session.appName, session.userId, session.id, event.id, JSON.stringify(event)],
      )
      if (result.rowCount === 1) {
        this.inserted++
        await client.query(
          'UPDATE test_sessions SET state = state || $4::jsonb WHERE app = $1 AND usr = $2 AND id = $3',
          [session.appName, session.userId, session.id, JSON.stringify(delta)],
        )
      }
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK')
      throw error
    } finally {
      client.release()
    }
    Object.assign(session.state, delta)
    session.events.push(event)
    session.lastUpdateTime = event.timestamp
    return event
  }

  async close(): Promise<void> {
    await this.#pool.end()
  }
}
