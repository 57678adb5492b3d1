import { loadDriver } from '../load-driver.js'
import type { PgPoolLike } from './postgres-session-service.js'

interface PgModule {
  Pool: new (config: Record<string, unknown>) => PgPoolLike
}

/**
 * A `pg` pool on `url` whose connections run in UTC (and with `schema` first on their search path); an idle
 * connection that dies (a server restart) does not crash the process: the next query reconnects.
 * @internal
 */
export async function openPgPool(
  options: {
    readonly url?: string | undefined
    readonly schema?: string | undefined
    readonly maxConnections?: number | undefined
  },
  purpose: string,
): Promise<PgPoolLike> {
  const pg = await loadDriver<PgModule & { default?: PgModule }>('pg', purpose)
  const Pool = (pg.default ?? pg).Pool
  const settings = [`-c TimeZone=UTC`, ...(options.schema ? [`-c search_path=${quoteIdent(options.schema)}`] : [])]
  const pool = new Pool({
    connectionString: options.url,
    options: settings.join(' '),
    max: options.maxConnections ?? 10,
  })
  pool.on?.('error', () => undefined)
  return pool
}

/** A PostgreSQL identifier in double quotes. @internal */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
