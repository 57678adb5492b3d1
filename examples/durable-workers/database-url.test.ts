import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// `pnpm durable:demo` without DATABASE_URL: one line saying what to set, exit 2, no stack trace.
describe('the durable-workers programs without DATABASE_URL', () => {
  it('print one clear line and exit 2', () => {
    const env = { ...process.env }
    delete env['DATABASE_URL']
    const demo = fileURLToPath(new URL('./demo.ts', import.meta.url))
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=@adk-fluent/source', demo], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^durable:demo: set DATABASE_URL to a PostgreSQL database, for example: .*\n$/)
  }, 90_000)
})
