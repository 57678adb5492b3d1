import pg from 'pg'
import { AdkFluentError } from '@adk-fluent/core'
import { describe, expect, it } from 'vitest'
import { PostgresSessionService } from './postgres-session-service.js'
import { openPostgres, pgExec, pgTitle, pgUrl } from '../test-databases.test-helper.js'

const key = { appName: 'schema-app', userId: 'u' }

/** Resolves with the promise's value, or with 'blocked' when it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'blocked'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'blocked'>((resolve) => (timer = setTimeout(() => resolve('blocked'), ms)))
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

describe.skipIf(!pgUrl)(`PostgresSessionService schema set-up: ${pgTitle}`, () => {
  it('a process opening a prepared database takes no table lock: a long reader does not hold it up', async () => {
    const first = openPostgres()
    await first.service.createSession({ ...key, sessionId: 's' })
    // A long read holds ACCESS SHARE on `sessions` (as a report or a backup would).
    const reader = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${first.schema}` })
    await reader.connect()
    await reader.query('BEGIN')
    await reader.query('SELECT count(*) FROM sessions')
    const second = new PostgresSessionService({ url: pgUrl as string, schema: first.schema })
    try {
      // Opening used to run ALTER TABLE sessions …, which waits for ACCESS EXCLUSIVE behind the reader (and every
      // session query of every process would queue behind it).
      const listed = await within(second.listSessions(key), 3000)
      expect(listed).not.toBe('blocked')
      expect(listed === 'blocked' ? [] : listed.sessions.map((session) => session.id)).toEqual(['s'])
    } finally {
      await reader.query('COMMIT')
      await reader.end()
      await second.close()
      await first.close()
    }
  })

  it('a database missing part of the extension (the lease table) gets it; a prepared one with another schema_version is refused', async () => {
    const first = openPostgres()
    await first.service.createSession({ ...key, sessionId: 's' })
    await first.service.close()
    await pgExec('DROP TABLE adk_session_leases', first.schema)
    const again = new PostgresSessionService({ url: pgUrl as string, schema: first.schema })
    const lease = await again.acquireLease({ ...key, sessionId: 's', owner: 'me', ttlMs: 1000 })
    expect(lease?.fence).toBe(1)
    await again.close()

    await pgExec(`UPDATE adk_internal_metadata SET value = '2' WHERE key = 'schema_version'`, first.schema)
    const refused = new PostgresSessionService({ url: pgUrl as string, schema: first.schema })
    const error = await refused.listSessions(key).catch((caught: unknown) => caught)
    expect(AdkFluentError.isInstance(error) && error.code).toBe('CONFIG_INVALID')
    expect(String(error)).toContain('schema_version is "2"')
    await refused.close()
    await pgExec(`DROP SCHEMA IF EXISTS ${first.schema} CASCADE`)
  })
})
