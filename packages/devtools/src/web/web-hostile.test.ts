import { afterEach, describe, expect, it } from 'vitest'
import { rawRequest } from '../http/raw-request.test-helper.js'
import { readSse } from './sse-client.test-helper.js'
import { tripFlow } from './web-fixtures.test-helper.js'
import { startWebServer, type WebServer } from './web-server.js'

// Hostile requests from the local machine (issue 27 items 3, 4, 10): each is answered, none takes the server down, and
// no credential of a session store URI ever leaves it.

const servers: WebServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(options: { sessionsUri?: string } = {}): Promise<WebServer> {
  const server = await startWebServer({
    builder: tripFlow().flow,
    module: {},
    file: 'f.ts',
    env: {},
    port: 0,
    ...options,
  })
  servers.push(server)
  return server
}

async function post(server: WebServer, path: string, body: string) {
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function stillAnswers(server: WebServer): Promise<void> {
  expect((await fetch(new URL('/api/app', server.url))).status).toBe(200)
}

describe('the dev server under hostile local requests', () => {
  it('survives a deeply nested state: a 400 naming the depth, and the server answers after it', async () => {
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      const server = await serve()
      const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`
      for (const [path, body] of [
        ['/api/sessions', `{"state":{"k":${deep}}}`],
        ['/api/sessions/s1/runs', `{"text":"hi","state":{"k":${deep}}}`],
        ['/api/preview', `{"state":{"k":${deep}}}`],
      ] as const) {
        const answer = await post(server, path, body)
        expect(answer.status, path).toBe(400)
        expect(String(answer.body['error']), path).toMatch(/nested more than \d+ levels deep/)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
      await stillAnswers(server)
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })

  it('answers a request line whose target is no URL (GET //[ with a valid Host) and keeps serving', async () => {
    const server = await serve()
    for (const target of ['//[', '//127.0.0.1/api/app', '//']) {
      const answer = await rawRequest(server.port, `GET ${target} HTTP/1.1`)
      expect([answer.status, JSON.parse(answer.body)], target).toEqual([404, { error: `Not found: GET ${target}` }])
    }
    const bare = await rawRequest(server.port, 'GET * HTTP/1.1')
    expect(bare.status).toBe(400)
    await stillAnswers(server)
  })

  it('answers 400 for malformed percent-encoding in a path', async () => {
    const server = await serve()
    for (const path of ['/api/sessions/%E0%A4%A', '/api/anatomy/%ZZ', '/api/sessions/%/runs']) {
      const response = await fetch(
        new URL(path, server.url),
        path.endsWith('/runs') ? { method: 'POST', body: '{"text":"x"}' } : {},
      )
      expect(response.status, path).toBe(400)
      expect(((await response.json()) as { error: string }).error, path).toMatch(/percent-encoding/)
    }
    await stillAnswers(server)
  })

  it('answers 400 for a reserved state key (__proto__, constructor) in a posted state', async () => {
    const server = await serve()
    for (const [path, body] of [
      ['/api/sessions', '{"state":{"__proto__":{"polluted":true}}}'],
      ['/api/sessions/s2/runs', '{"text":"hi","state":{"constructor":1}}'],
      ['/api/preview', '{"state":{"__proto__":{"x":1}}}'],
    ] as const) {
      const answer = await post(server, path, body)
      expect(answer.status, path).toBe(400)
      expect(String(answer.body['error']), path).toMatch(/is not a valid state key/)
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    await stillAnswers(server)
  })

  it('never returns the password of a session store URI', async () => {
    const server = await serve({ sessionsUri: 'postgresql://ana:hunter2-secret@127.0.0.1:5432/app' })
    const app = await (await fetch(new URL('/api/app', server.url))).text()
    expect(app).not.toContain('hunter2-secret')
    expect(JSON.parse(app)).toMatchObject({ sessions: 'postgresql://ana:***@127.0.0.1:5432/app' })
  })

  it('runs a turn after the hostile requests (the session store is intact)', async () => {
    const server = await serve()
    await post(server, '/api/sessions', '{"state":{"__proto__":{"x":1}}}')
    const created = await post(server, '/api/sessions', '{}')
    const run = await post(server, `/api/sessions/${String(created.body['id'])}/runs`, '{"text":"Paris"}')
    expect(run.status).toBe(202)
    const { entries } = await readSse(new URL(String(run.body['stream']), server.url).href)
    expect(entries.at(-1)).toMatchObject({ kind: 'end', ok: true })
  })
})
