import { ConfigError } from '@adk-fluent/core'
import type { SqliteConnection } from './sqlite-connection.js'

/**
 * ADK Python's `SqliteSessionService` tables (REAL epoch seconds, event JSON in `event_data`), created only when
 * missing, plus our additive extension: a `revision` column, the trigger that bumps it when a writer that does not
 * know it (ADK Python) updates a session row, the timestamp index and the lease table.
 */
const tables = [
  `CREATE TABLE IF NOT EXISTS app_states (app_name TEXT PRIMARY KEY, state TEXT NOT NULL, update_time REAL NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS user_states (app_name TEXT NOT NULL, user_id TEXT NOT NULL, state TEXT NOT NULL,
  update_time REAL NOT NULL, PRIMARY KEY (app_name, user_id))`,
  `CREATE TABLE IF NOT EXISTS sessions (app_name TEXT NOT NULL, user_id TEXT NOT NULL, id TEXT NOT NULL, state TEXT NOT NULL,
  create_time REAL NOT NULL, update_time REAL NOT NULL, PRIMARY KEY (app_name, user_id, id))`,
  `CREATE TABLE IF NOT EXISTS events (id TEXT NOT NULL, app_name TEXT NOT NULL, user_id TEXT NOT NULL,
  session_id TEXT NOT NULL, invocation_id TEXT NOT NULL, timestamp REAL NOT NULL, event_data TEXT NOT NULL,
  PRIMARY KEY (app_name, user_id, session_id, id),
  FOREIGN KEY (app_name, user_id, session_id) REFERENCES sessions(app_name, user_id, id) ON DELETE CASCADE)`,
]

const extension = [
  `CREATE INDEX IF NOT EXISTS idx_events_app_user_session_ts ON events (app_name, user_id, session_id, timestamp DESC)`,
  `CREATE TRIGGER IF NOT EXISTS sessions_bump_revision AFTER UPDATE ON sessions
  FOR EACH ROW WHEN NEW.revision = OLD.revision
BEGIN UPDATE sessions SET revision = OLD.revision + 1
  WHERE app_name = NEW.app_name AND user_id = NEW.user_id AND id = NEW.id; END`,
  `CREATE TABLE IF NOT EXISTS adk_session_leases (app_name TEXT NOT NULL, user_id TEXT NOT NULL, session_id TEXT NOT NULL,
  owner TEXT NOT NULL, fence INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (app_name, user_id, session_id),
  FOREIGN KEY (app_name, user_id, session_id) REFERENCES sessions(app_name, user_id, id) ON DELETE CASCADE)`,
]

/**
 * Prepares a database: refuses V0 (pickled) and `DatabaseSessionService`-on-SQLite layouts with a clear message,
 * creates what is missing, and adds the `revision` column to a database ADK Python created.
 * @internal
 */
export async function prepareSqliteSchema(db: SqliteConnection, file: string): Promise<void> {
  await db.transaction(async () => {
    const columns = await db.all<{ name: string; type: string }>(`PRAGMA table_info(events)`)
    const names = new Map(columns.map((column) => [column.name, column.type.toUpperCase()]))
    if (names.size > 0 && !names.has('event_data')) {
      throw new ConfigError([
        {
          code: 'session_store_schema_unsupported',
          path: [],
          message: `${file} holds ADK sessions in the V0 (pickled) schema of ADK Python < 1.22, which cannot be read safely.`,
          hint:
            'Migrate it with ADK Python first: python -m google.adk.sessions.migration.migrate_from_sqlalchemy_sqlite ' +
            `--source_db_path ${file} --dest_db_path ${file}.new`,
        },
      ])
    }
    if (names.size > 0 && names.get('timestamp') !== 'REAL') {
      throw new ConfigError([
        {
          code: 'session_store_schema_unsupported',
          path: [],
          message:
            `${file} uses ADK Python's DatabaseSessionService layout on SQLite (DATETIME columns); @adk-fluent/sessions reads ` +
            'the SqliteSessionService layout (what `adk web --session_service_uri sqlite:///…` uses).',
          hint: 'Migrate it with python -m google.adk.sessions.migration.migrate_from_sqlalchemy_sqlite.',
        },
      ])
    }
    for (const statement of tables) await db.exec(statement)
    const sessionColumns = await db.all<{ name: string }>(`PRAGMA table_info(sessions)`)
    if (!sessionColumns.some((column) => column.name === 'revision')) {
      await db.exec('ALTER TABLE sessions ADD COLUMN revision INTEGER NOT NULL DEFAULT 0')
    }
    for (const statement of extension) await db.exec(statement)
  })
}
