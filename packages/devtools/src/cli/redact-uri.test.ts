import { describe, expect, it } from 'vitest'
import { redactUri } from './redact-uri.js'

describe('redactUri', () => {
  it('hides the password of user:password@ and secret query parameters', () => {
    expect(redactUri('postgresql://ana:s3cr%40t@db:5432/app')).toBe('postgresql://ana:***@db:5432/app')
    expect(redactUri('postgres://ana:pw@db/app?sslmode=require&password=pw2#x')).toBe(
      'postgres://ana:***@db/app?sslmode=require&password=***#x',
    )
    expect(redactUri('libsql://db.example?authToken=abc')).toBe('libsql://db.example?authToken=***')
    expect(redactUri('mysql://root:hunter2@host/db')).toBe('mysql://root:***@host/db')
  })

  it('leaves URIs without credentials as they are', () => {
    for (const uri of ['memory:', 'sqlite:./s.db', 'sqlite::memory:', 'postgresql://ana@db/app', 'postgresql://db/app'])
      expect(redactUri(uri)).toBe(uri)
  })
})
