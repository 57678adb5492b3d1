import * as adk from '@google/adk'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { historyEventText } from './history-window.js'

/** Events appended through `DatabaseSessionService.appendEvent` itself; longer sessions copy these rows in SQL. */
export const ADK_TEMPLATE_EVENTS = 200

/** `@google/adk` 2.0.0's `DatabaseSessionService` on a database of its own, on a PostgreSQL server. */
export interface AdkDatabase {
  readonly service: adk.DatabaseSessionService
  /** Creates a session and appends {@link ADK_TEMPLATE_EVENTS} history events through the service. */
  createLongSession(appName: string, userId: string, agentName: string): Promise<string>
  /**
   * Grows the history of a session made by {@link createLongSession} by `count` events (a multiple of
   * {@link ADK_TEMPLATE_EVENTS}): copies of the appended rows with new ids, dated before everything else.
   */
  prependHistory(sessionId: string, count: number): Promise<void>
  /** Stored events of a session (counted in SQL). */
  eventCount(sessionId: string): Promise<number>
  close(): Promise<void>
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/**
 * Creates a throw-away database on the server of `serverUrl` (ADK 2.0.0 rewrites the schema of the database it is
 * given, so it gets its own) and opens `DatabaseSessionService` on it, through the `@mikro-orm/postgresql` peer.
 */
export async function openAdkDatabase(serverUrl: string): Promise<AdkDatabase> {
  const name = `bench_adk_${randomUUID().replace(/-/g, '').slice(0, 10)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = withDatabase(serverUrl, name)
  const service = new adk.DatabaseSessionService(url)
  const direct = new pg.Client({ connectionString: url })
  let copies = 0
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl })
    await cleanup.connect()
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await cleanup.end()
  }
  try {
    await service.init()
    await direct.connect()
  } catch (error) {
    await direct.end().catch(() => undefined)
    await drop()
    throw error
  }
  return {
    service,
    async createLongSession(appName, userId, agentName) {
      const session = await service.createSession({ appName, userId })
      for (let index = 0; index < ADK_TEMPLATE_EVENTS; index++) {
        const author = index % 2 === 0 ? 'user' : agentName
        const event = adk.createEvent({
          invocationId: `history-${index >> 1}`,
          author,
          content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: historyEventText(index) }] },
          ...(index % 10 === 0 ? { actions: adk.createEventActions({ stateDelta: { progress: index } }) } : {}),
        })
        await service.appendEvent({ session, event })
      }
      return session.id
    },
    async prependHistory(sessionId, count) {
      if (count % ADK_TEMPLATE_EVENTS !== 0) throw new Error(`prependHistory: ${count} is not a multiple of 200`)
      const from = copies + 1
      copies += count / ADK_TEMPLATE_EVENTS
      // Copy g is shifted g × (span of the templates + 1 s) into the past; id and timestamp also live in event_data.
      await direct.query(
        `WITH t AS (SELECT * FROM events WHERE session_id = $1 AND invocation_id LIKE 'history-%' AND id NOT LIKE '%~%'),
              span AS (SELECT extract(epoch FROM max(timestamp) - min(timestamp)) * 1000 + 1000 AS ms FROM t)
         INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data)
         SELECT t.id || '~' || g, t.app_name, t.user_id, t.session_id, t.invocation_id,
                t.timestamp - make_interval(secs => g * span.ms / 1000),
                jsonb_set(jsonb_set(t.event_data, '{id}', to_jsonb(t.id || '~' || g)), '{timestamp}',
                  to_jsonb(round(extract(epoch FROM t.timestamp) * 1000 - g * span.ms)::bigint))
         FROM t, span, generate_series($2::int, $3::int) AS g`,
        [sessionId, from, copies],
      )
    },
    async eventCount(sessionId) {
      const result = await direct.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE session_id = $1', [
        sessionId,
      ])
      return Number(result.rows[0]?.n ?? 0)
    },
    async close() {
      await direct.end()
      // DatabaseSessionService has no close(); its MikroORM instance holds the connection pool.
      await (service as unknown as { orm?: { close(force?: boolean): Promise<void> } }).orm?.close(true)
      await drop()
    },
  }
}
