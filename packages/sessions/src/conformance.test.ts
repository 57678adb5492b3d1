import { InMemorySessionService } from '@adk-fluent/core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe } from 'vitest'
import { describeSessionService } from './conformance.test-helper.js'
import { SqliteSessionService } from './sqlite/sqlite-session-service.js'
import { openPostgres, pgTitle, pgUrl } from './test-databases.test-helper.js'

describeSessionService('InMemorySessionService', async () => ({
  service: new InMemorySessionService(),
  close: async () => {},
}))

describeSessionService('SqliteSessionService (file)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'adk-sqlite-'))
  const service = new SqliteSessionService(join(dir, 'nested', 'sessions.db'))
  return {
    service,
    async close() {
      await service.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})

describeSessionService('SqliteSessionService (:memory:)', async () => {
  const service = new SqliteSessionService(':memory:')
  return { service, close: () => service.close() }
})

describe.skipIf(!pgUrl)(pgTitle, () => {
  describeSessionService('PostgresSessionService', async () => openPostgres())
})
