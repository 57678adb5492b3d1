import { ConfigError } from '@adk-fluent/core'
import { describe, expect, it } from 'vitest'
import { openMemoryService } from './memory/open-memory-service.js'
import { openSessionService } from './open-session-service.js'

describe('openSessionService', () => {
  it('names only the scheme of an unknown URI: a password in it is never repeated', () => {
    let thrown: unknown
    try {
      openSessionService('mysql://admin:hunter2-secret@db.example:3306/app')
    } catch (error) {
      thrown = error
    }
    expect(ConfigError.isConfigError(thrown)).toBe(true)
    const message = (thrown as Error).message
    expect(message).toContain('Unknown session store URI scheme "mysql:"')
    expect(message).not.toContain('hunter2-secret')
    expect(message).not.toContain('admin')
    expect(() => openSessionService('just-a-path.db')).toThrow('A session store URI without a scheme')
  })

  it('the memory store does the same', () => {
    expect(() => openMemoryService('mysql://admin:hunter2-secret@db/app')).toThrow(
      'Unknown memory store URI scheme "mysql:"',
    )
    expect(() => openMemoryService('mysql://admin:hunter2-secret@db/app')).not.toThrow(/hunter2/)
  })
})
