import { AdkFluentError } from '@adk-fluent/core'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openSessionService } from '../open-session-service.js'
import { SqliteSessionService } from './sqlite-session-service.js'

const dir = mkdtempSync(join(tmpdir(), 'adk-sqlite-path-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function openFailure(path: string, viaUri = false): Promise<{ code: string; message: string }> {
  const service = viaUri ? openSessionService(`sqlite:${path}`) : new SqliteSessionService(path)
  try {
    await service.createSession({ appName: 'app', userId: 'u' })
  } catch (error) {
    if (!AdkFluentError.isInstance(error)) return { code: `raw: ${String(error)}`, message: '' }
    return { code: error.code, message: error.message }
  } finally {
    await service.close()
  }
  return { code: 'opened', message: '' }
}

describe('SqliteSessionService refuses a path it cannot use with a SessionStoreError naming it', () => {
  it('a path whose parent is a file (also deeper below it)', async () => {
    const file = join(dir, 'plain-file')
    writeFileSync(file, 'not a directory')
    for (const path of [join(file, 'sessions.db'), join(file, 'nested', 'sessions.db')]) {
      const failure = await openFailure(path)
      expect(failure.code).toBe('SESSION_STORE_FAILED')
      expect(failure.message).toContain(JSON.stringify(path))
      expect(failure.message).toMatch(/is a file, not a directory/)
    }
  })

  it('a path that is a directory, directly or through openSessionService', async () => {
    const folder = join(dir, 'a-folder')
    mkdirSync(folder)
    for (const viaUri of [false, true]) {
      const failure = await openFailure(folder, viaUri)
      expect(failure.code).toBe('SESSION_STORE_FAILED')
      expect(failure.message).toContain(JSON.stringify(folder))
      expect(failure.message).toMatch(/is a directory/)
    }
  })

  it('a file that is not a database names the file', async () => {
    const junk = join(dir, 'junk.db')
    writeFileSync(junk, 'x'.repeat(4096))
    const failure = await openFailure(junk)
    expect(failure.code).toBe('SESSION_STORE_FAILED')
    expect(failure.message).toContain(JSON.stringify(junk))
  })
})
