import { describe, expect, it } from 'vitest'
import { ConfigError, SessionStoreError } from '@adk-fluent/core'
import { PostgresSessionService, SqliteSessionService } from './index.js'

function caught(make: () => unknown): unknown {
  try {
    make()
  } catch (error) {
    return error
  }
  return undefined
}

describe('session services: bad constructor options are ConfigErrors', () => {
  it('a PostgresSessionService without a url or pool', () => {
    const error = caught(() => new PostgresSessionService({}))
    expect(ConfigError.isInstance(error)).toBe(true)
    expect(SessionStoreError.isInstance(error)).toBe(false)
    expect((error as ConfigError).issues[0]).toMatchObject({
      code: 'session_store_options_invalid',
      path: ['PostgresSessionService', 'url'],
    })
  })

  it('new SqliteSessionService({ url }) names the path option instead of a TypeError', () => {
    const error = caught(() => new SqliteSessionService({ url: 'sqlite:///x.db' } as never))
    expect(ConfigError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain(
      'SqliteSessionService needs the path of its database file, got an object with url',
    )
  })
})
