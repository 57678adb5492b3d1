import { ConfigError, InMemoryMemoryService, isBaseMemoryService } from '@adk-fluent/core'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { openMemoryService } from './open-memory-service.js'
import { PostgresMemoryService } from './postgres-memory-service.js'
import { SqliteMemoryService } from './sqlite-memory-service.js'

describe('openMemoryService', () => {
  it('takes the session URIs', async () => {
    const memory = openMemoryService('memory:')
    expect(memory).toBeInstanceOf(InMemoryMemoryService)
    await memory.close()
    const embedded = openMemoryService('sqlite::memory:')
    expect(embedded).toBeInstanceOf(SqliteMemoryService)
    expect((embedded as SqliteMemoryService).path).toBe(':memory:')
    await embedded.addMemory({ appName: 'a', userId: 'u', memories: ['kept in sqlite'] })
    expect((await embedded.searchMemory({ appName: 'a', userId: 'u', query: 'sqlite' })).memories).toHaveLength(1)
    await embedded.close()
    expect((openMemoryService('sqlite:///data/memory.db') as SqliteMemoryService).path).toBe('data/memory.db')
    expect((openMemoryService('sqlite:./memory.db') as SqliteMemoryService).path).toBe('./memory.db')
    const server = openMemoryService('postgresql://user@127.0.0.1:1/db')
    expect(server).toBeInstanceOf(PostgresMemoryService)
    expect(isBaseMemoryService(server)).toBe(true)
    await server.close()
  })

  it('refuses URIs it does not know, and a sqlite URI without a file', () => {
    expect(() => openMemoryService('redis://x')).toThrow(/Unknown memory store URI scheme "redis:"/)
    expect(() => openMemoryService('sqlite:')).toThrow(ConfigError)
  })

  it('a SQLite path it cannot use is a store error naming the file', async () => {
    const service = new SqliteMemoryService(tmpdir())
    await expect(service.searchMemory({ appName: 'a', userId: 'u', query: 'x' })).rejects.toThrow(
      `Cannot open the SQLite memory store at ${JSON.stringify(tmpdir())}: it is a directory`,
    )
    await service.close()
  })

  it('a PostgreSQL server that cannot be reached fails the operation with a store error, not a hang', async () => {
    const service = new PostgresMemoryService('postgresql://user@127.0.0.1:1/db')
    await expect(service.searchMemory({ appName: 'a', userId: 'u', query: 'x' })).rejects.toMatchObject({
      code: 'SESSION_STORE_FAILED',
    })
    await service.close()
  })
})
