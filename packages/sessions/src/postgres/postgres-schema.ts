import { ConfigError } from '@adk-fluent/core'

/** A client that runs one query (a `pg` client or pool). */
export interface PgQueryable {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>
}

/** The lock id all workers take while creating or extending the schema ("ADKS"). */
const SCHEMA_LOCK = 0x41444b53

/**
 * ADK Python's V1 tables (`DatabaseSessionService`), created only when missing, plus our additive extension: the
 * `revision` column, the trigger that bumps it when a writer that does not know it (Python, Java, `@google/adk`)
 * updates a session row, and the lease table. Nothing ADK created is altered or dropped.
 */
const ddl = `
CREATE TABLE IF NOT EXISTS adk_internal_metadata (
  key VARCHAR(128) NOT NULL PRIMARY KEY, value VARCHAR(256) NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL, id VARCHAR(128) NOT NULL,
  state JSONB NOT NULL, create_time TIMESTAMP NOT NULL DEFAULT now(), update_time TIMESTAMP NOT NULL DEFAULT now(),
  PRIMARY KEY (app_name, user_id, id));
CREATE TABLE IF NOT EXISTS events (
  id VARCHAR(128) NOT NULL, app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL,
  session_id VARCHAR(128) NOT NULL, invocation_id VARCHAR(256) NOT NULL,
  timestamp TIMESTAMP NOT NULL DEFAULT now(), event_data JSONB,
  PRIMARY KEY (id, app_name, user_id, session_id),
  FOREIGN KEY (app_name, user_id, session_id) REFERENCES sessions (app_name, user_id, id) ON DELETE CASCADE);
CREATE INDEX IF NOT EXISTS idx_events_app_user_session_ts ON events (app_name, user_id, session_id, timestamp DESC);
CREATE TABLE IF NOT EXISTS app_states (
  app_name VARCHAR(128) NOT NULL PRIMARY KEY, state JSONB NOT NULL, update_time TIMESTAMP NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS user_states (
  app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL, state JSONB NOT NULL,
  update_time TIMESTAMP NOT NULL DEFAULT now(), PRIMARY KEY (app_name, user_id));
INSERT INTO adk_internal_metadata (key, value) VALUES ('schema_version', '1') ON CONFLICT (key) DO NOTHING;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS revision BIGINT NOT NULL DEFAULT 0;
CREATE OR REPLACE FUNCTION adk_bump_revision() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN IF NEW.revision = OLD.revision THEN NEW.revision := OLD.revision + 1; END IF; RETURN NEW; END $$;
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'sessions_bump_revision' AND tgrelid = 'sessions'::regclass) THEN
    CREATE TRIGGER sessions_bump_revision BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION adk_bump_revision();
  END IF;
END $$;
CREATE TABLE IF NOT EXISTS adk_session_leases (
  app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL, session_id VARCHAR(128) NOT NULL,
  owner VARCHAR(256) NOT NULL, fence BIGINT NOT NULL, expires_at TIMESTAMP NOT NULL,
  PRIMARY KEY (app_name, user_id, session_id),
  FOREIGN KEY (app_name, user_id, session_id) REFERENCES sessions (app_name, user_id, id) ON DELETE CASCADE);
`

/**
 * True when everything {@link ddl} creates is there (schema version 1): a process that opens a prepared database
 * reads the catalog and takes no table lock. Running the DDL again would: `ALTER TABLE … ADD COLUMN IF NOT EXISTS`
 * takes an ACCESS EXCLUSIVE lock on `sessions` even when the column exists, so every worker start would stall every
 * session read and append (and queue behind any long read).
 */
const schemaReady = `
WITH t AS (SELECT name, to_regclass(quote_ident(current_schema()) || '.' || name) AS id
  FROM unnest(ARRAY['adk_internal_metadata', 'sessions', 'events', 'app_states', 'user_states', 'adk_session_leases',
    'idx_events_app_user_session_ts']) AS name)
SELECT (SELECT count(id) FROM t) = 7
  AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = (SELECT id FROM t WHERE name = 'sessions')
    AND attname = 'revision' AND NOT attisdropped)
  AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = (SELECT id FROM t WHERE name = 'events')
    AND attname = 'event_data' AND NOT attisdropped)
  AND EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = (SELECT id FROM t WHERE name = 'sessions')
    AND tgname = 'sessions_bump_revision')
  AS ready`

/**
 * Creates the tables that are missing (under an advisory lock, so workers starting together do not race), refuses
 * a V0 (pickled) database and a schema version other than 1. A database that has everything is only read.
 * @internal
 */
export async function preparePostgresSchema(client: PgQueryable): Promise<void> {
  const probe = await client.query<{ ready: boolean }>(schemaReady)
  if (probe.rows[0]?.ready && (await storedSchemaVersion(client)) === '1') return
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK])
    const columns = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'events'`,
    )
    const names = new Set(columns.rows.map((row) => row.column_name))
    if (names.size > 0 && names.has('actions') && !names.has('event_data')) {
      throw new ConfigError([
        {
          code: 'session_store_schema_unsupported',
          path: [],
          message:
            'This database holds ADK sessions in the V0 (pickled) schema of ADK Python < 1.22, which cannot be read safely.',
          hint: 'Migrate it first with ADK Python >= 1.22: `adk migrate upgrade` (or ADK_AUTO_MIGRATE_DB=true).',
        },
      ])
    }
    const meta = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'adk_internal_metadata'`,
    )
    if (Number(meta.rows[0]?.n ?? 0) > 0) await storedSchemaVersion(client)
    await client.query(ddl)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/** The `schema_version` in `adk_internal_metadata` (`undefined` when absent); a version other than 1 is refused. */
async function storedSchemaVersion(client: PgQueryable): Promise<string | undefined> {
  const version = await client.query<{ value: string }>(
    `SELECT value FROM adk_internal_metadata WHERE key = 'schema_version'`,
  )
  const value = version.rows[0]?.value
  if (value !== undefined && value !== '1')
    throw new ConfigError([
      {
        code: 'session_store_schema_unsupported',
        path: [],
        message: `This database's ADK schema_version is "${value}";`,
        hint: '@adk-fluent/sessions reads version 1 only.',
      },
    ])
  return value
}
