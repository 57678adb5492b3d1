import { InMemoryMemoryService } from '@adk-fluent/core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe } from 'vitest'
import { freshSchema, pgExec, pgTitle, pgUrl } from '../test-databases.test-helper.js'
import { describeMemoryService } from './memory-conformance.test-helper.js'
import { PostgresMemoryService } from './postgres-memory-service.js'
import { SqliteMemoryService } from './sqlite-memory-service.js'

describeMemoryService('InMemoryMemoryService', async () => ({
  service: new InMemoryMemoryService(),
  close: async () => {},
}))

describeMemoryService('SqliteMemoryService (file)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'adk-memory-'))
  const service = new SqliteMemoryService(join(dir, 'nested', 'memory.db'))
  return {
    service,
    async close() {
      await service.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})

describeMemoryService('SqliteMemoryService (:memory:)', async () => {
  const service = new SqliteMemoryService(':memory:')
  return { service, close: () => service.close() }
})

describe.skipIf(!pgUrl)(pgTitle, () => {
  describeMemoryService('PostgresMemoryService', async () => {
    const schema = freshSchema()
    const service = new PostgresMemoryService({ url: pgUrl as string, schema })
    return {
      service,
      async close() {
        await service.close()
        await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      },
    }
  })
})
