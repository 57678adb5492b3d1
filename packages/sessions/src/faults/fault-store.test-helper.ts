import type { BaseSessionService } from '@adk-fluent/core'
import { PostgresSessionService } from '../postgres/postgres-session-service.js'
import { SqliteSessionService } from '../sqlite/sqlite-session-service.js'

/** Where a fault test's session store lives (passed to worker processes as JSON). */
export interface Store {
  readonly kind: 'sqlite' | 'pg'
  readonly path?: string
  readonly url?: string
  readonly schema?: string
}

/** Opens the store. */
export function openStore(store: Store): BaseSessionService & { close(): Promise<void> } {
  return store.kind === 'sqlite'
    ? new SqliteSessionService(store.path as string)
    : new PostgresSessionService({ url: store.url as string, ...(store.schema ? { schema: store.schema } : {}) })
}
