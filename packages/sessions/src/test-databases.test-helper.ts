import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { PostgresSessionService } from './postgres/postgres-session-service.js'

/** The throw-away PostgreSQL of `scripts/pg-test-server.sh` (CI always sets it). */
export const pgUrl = process.env['ADK_FLUENT_TEST_PG_URL']

if (!pgUrl && process.env['CI']) throw new Error('CI must set ADK_FLUENT_TEST_PG_URL (see scripts/pg-test-server.sh).')

/** Suffix for `describe` titles of suites that need PostgreSQL. */
export const pgTitle = pgUrl
  ? 'PostgreSQL'
  : 'PostgreSQL (SKIPPED: ADK_FLUENT_TEST_PG_URL is not set; run eval "$(scripts/pg-test-server.sh start)" first)'

/** A fresh schema name, so test files can share one database. */
export function freshSchema(): string {
  return `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`
}

/** Runs SQL on the test database (in `schema` when given). */
export async function pgExec(sql: string, schema?: string): Promise<pg.QueryResult> {
  const client = new pg.Client({
    connectionString: pgUrl,
    options: `-c TimeZone=UTC${schema ? ` -c search_path=${schema}` : ''}`,
  })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A PostgresSessionService in its own schema, and a close that drops the schema. */
export function openPostgres(schema = freshSchema()): {
  service: PostgresSessionService
  schema: string
  close(): Promise<void>
} {
  const service = new PostgresSessionService({ url: pgUrl as string, schema })
  return {
    service,
    schema,
    async close() {
      await service.close()
      await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    },
  }
}
