import { createEvent } from '@adk-fluent/core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SqliteSessionService } from './sqlite-session-service.js'

const dir = mkdtempSync(join(tmpdir(), 'adk-snapshot-read-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('SqliteSessionService.getSession reads a session and its events as of one moment', () => {
  it('while another connection appends, every view holds exactly the events of its revision', async () => {
    const file = join(dir, 'sessions.db')
    // Two services on one file: two connections, as two processes would have.
    const reader = new SqliteSessionService(file)
    const writer = new SqliteSessionService(file)
    try {
      const at = { appName: 'app', userId: 'u' }
      const { id } = await writer.createSession({ ...at, sessionId: 's' })
      // Both connections open before the race starts.
      await reader.getSession({ ...at, sessionId: id })
      let writing = true
      const appends = (async () => {
        for (let index = 0; index < 150; index++) {
          const session = await writer.getSession({ ...at, sessionId: id })
          await writer.appendEvent({ session: session!, event: createEvent({ author: 'user' }) })
        }
        writing = false
      })()
      const mismatched: string[] = []
      let views = 0
      while (writing) {
        const view = await reader.getSession({ ...at, sessionId: id })
        views++
        // Every append adds one event and one revision: a view with more events than its revision would fail its
        // next append with an unnecessary StaleSessionError.
        if (view && view.events.length !== view.revision)
          mismatched.push(`revision ${view.revision}, ${view.events.length} events`)
      }
      await appends
      expect(views).toBeGreaterThan(0)
      expect(mismatched).toEqual([])
      const last = await reader.getSession({ ...at, sessionId: id })
      expect([last?.revision, last?.events.length]).toEqual([150, 150])
    } finally {
      await reader.close()
      await writer.close()
    }
  })
})
