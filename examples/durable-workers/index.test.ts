import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { runDemo } from './demo.js'

const pgUrl = process.env['ADK_FLUENT_TEST_PG_URL']

describe.skipIf(!pgUrl)('durable-workers example', () => {
  it('two workers, six runs, worker-1 killed midway: worker-2 finishes every run', async () => {
    const url = new URL(pgUrl as string)
    const name = `durable_example_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    url.pathname = `/${name}`
    const printed = await runDemo(url.toString(), () => undefined)
    const finished = printed.filter((line) => line.startsWith('run '))
    expect(finished).toHaveLength(6)
    const killedAt = printed.indexOf('--- worker-1 killed (SIGKILL) ---')
    expect(killedAt).toBeGreaterThan(0)
    // worker-1 made model calls before it died; every run ended on a worker, the taken-over ones on worker-2.
    expect(printed.slice(0, killedAt).some((line) => line.startsWith('[worker-1] planner'))).toBe(true)
    expect(finished.every((line) => / finished on worker-[12]: A heat pump moves heat/.test(line))).toBe(true)
    expect(finished.some((line) => line.includes('finished on worker-2'))).toBe(true)
  }, 240_000)
})
