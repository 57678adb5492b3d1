import { afterEach, describe, expect, it } from 'vitest'
import { BaseLlm, ConfigError, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import { Agent } from '@adk-fluent/fluent'
import { runCli, type CliIo } from '../cli/main.js'
import { fixture } from '../cli/run-bin.test-helper.js'
import { rawRequest } from '../http/raw-request.test-helper.js'
import { readSse } from './sse-client.test-helper.js'
import { startWebServer, type WebServer, type WebServerOptions } from './web-server.js'

// The dev UI's server against hostile local clients, round 3 (issue 39): ids that could name a path are refused, what
// a client can make the server hold is limited, no secret of the environment reaches the page, and Host/Origin are
// checked on the page's files and streams too. Offline (mockScript) servers answer every turn of every session.

const servers: WebServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(options: Partial<WebServerOptions> = {}): Promise<WebServer> {
  const server = await startWebServer({
    builder: Agent('helper').instruct('Help the user.'),
    module: { mockScript: ['Here to help.'] },
    file: 'helper.ts',
    env: {},
    port: 0,
    ...options,
  })
  servers.push(server)
  return server
}

async function call(server: WebServer, method: string, path: string, body?: unknown, headers = {}) {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const raw = await response.text()
  return { status: response.status, body: (raw === '' ? {} : JSON.parse(raw)) as Record<string, unknown> }
}

/** Runs one turn and reads its stream to the end. */
async function turn(server: WebServer, sessionId: string, text: string) {
  const run = await call(server, 'POST', `/api/sessions/${sessionId}/runs`, { text })
  if (run.status !== 202) return { status: run.status, error: run.body['error'], runId: undefined, entries: [] }
  const { entries } = await readSse(new URL(run.body['stream'] as string, server.url).href)
  return { status: run.status, error: undefined, runId: run.body['runId'] as string, entries }
}

/** Holds every call until `release()`. */
class HeldLlm extends BaseLlm {
  release: () => void = () => undefined
  #arrived: () => void = () => undefined
  readonly arrived = new Promise<void>((resolve) => (this.#arrived = resolve))
  constructor() {
    super({ model: 'held' })
  }
  async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
    await new Promise<void>((resolve) => {
      this.release = resolve
      this.#arrived()
    })
    yield { content: { role: 'model', parts: [{ text: 'done' }] } }
  }
}

describe('ids in paths', () => {
  it('a session id or page file with a path, relative name or hidden character is a 400 naming the segment', async () => {
    const server = await serve()
    for (const request of [
      'GET /api/sessions/.. HTTP/1.1',
      'GET /api/sessions/%2E%2E HTTP/1.1',
      'GET /api/sessions/..%2F..%2Fetc HTTP/1.1',
      'GET /api/sessions/a%5Cb HTTP/1.1',
      'GET /api/sessions/a%E2%80%8Bb HTTP/1.1',
      'POST /api/sessions/..%2Fx/runs HTTP/1.1\r\nContent-Length: 13',
      'POST /api/sessions/a%E2%80%AEb/memory HTTP/1.1\r\nContent-Length: 0',
      'GET /ui/..%2Fweb-app.ts HTTP/1.1',
      'GET /ui/%2E%2E HTTP/1.1',
      'GET /api/runs/..%2F..%2Fx/stream HTTP/1.1',
    ]) {
      const answer = await rawRequest(server.port, request, request.includes('Length: 13') ? '{"text":"hi"}' : '')
      expect([answer.status, JSON.parse(answer.body).error], request).toEqual([
        400,
        expect.stringMatching(/^The path segment /),
      ])
    }
    // Only the page's own files are served.
    expect((await fetch(new URL('/ui/app.js', server.url))).status).toBe(200)
    expect((await fetch(new URL('/ui/web-app.ts', server.url))).status).toBe(404)
  })

  it('--session must be an id: the command refuses it (exit 2) and startWebServer with a ConfigError', async () => {
    let err = ''
    const io: CliIo = {
      stdout: { write: () => undefined },
      stderr: { write: (text: string) => (err += text) },
      env: {},
      cwd: process.cwd(),
    }
    expect(await runCli(['web', fixture('writer-critic.ts'), '--session', '../other'], io)).toBe(2)
    expect(err).toMatch(/--session "\.\.\/other" holds a path separator/)
    const refused = await serve({ session: 'a\u202eb' }).catch((error: unknown) => error)
    expect(ConfigError.isConfigError(refused)).toBe(true)
  })
})

describe('limits', () => {
  it('caps sessions, events per session and kept run logs (429 with nothing stored; the oldest log forgotten)', async () => {
    const server = await serve({ limits: { sessions: 2, eventsPerSession: 4, keptRuns: 2 } })
    const a = (await call(server, 'POST', '/api/sessions', {})).body['id'] as string
    const b = (await call(server, 'POST', '/api/sessions', {})).body['id'] as string
    const third = await call(server, 'POST', '/api/sessions', {})
    expect([third.status, third.body['error']]).toEqual([429, expect.stringMatching(/There are 2 sessions, the most/)])
    // Offline, each turn replays the script: two turns fill session a (4 events), a third is refused.
    const first = await turn(server, a, 'one')
    const second = await turn(server, a, 'two')
    for (const done of [first, second]) expect(done.entries.at(-1)).toMatchObject({ kind: 'end', ok: true })
    const refused = await turn(server, a, 'three')
    expect([refused.status, refused.error]).toEqual([429, expect.stringMatching(/holds 4 events, the most/)])
    expect(((await call(server, 'GET', `/api/sessions/${a}`)).body['events'] as unknown[]).length).toBe(4)
    // A third run (in b) makes the first run's log the oldest of three: it is forgotten, the session is not.
    expect((await turn(server, b, 'hello')).entries.at(-1)).toMatchObject({ kind: 'end', ok: true })
    expect((await call(server, 'GET', `/api/runs/${first.runId}`)).status).toBe(404)
    expect((await call(server, 'GET', `/api/runs/${second.runId}`)).status).toBe(200)
    const session = (await call(server, 'GET', `/api/sessions/${a}`)).body
    expect([
      (session['runs'] as { runId: string }[]).map((run) => run.runId),
      (session['steps'] as unknown[]).length,
    ]).toEqual([[second.runId], 4])
  })

  it('caps open event streams: one more is a 429, and the run behind the first goes on', async () => {
    const model = new HeldLlm()
    const server = await serve({ builder: Agent('held').model(model).instruct('Wait.'), limits: { maxStreams: 1 } })
    const id = (await call(server, 'POST', '/api/sessions', {})).body['id'] as string
    const run = await call(server, 'POST', `/api/sessions/${id}/runs`, { text: 'go' })
    const stream = new URL(run.body['stream'] as string, server.url).href
    await model.arrived
    const reading = readSse(stream)
    await expect.poll(async () => (await fetch(stream)).status).toBe(429)
    model.release()
    expect((await reading).entries.at(-1)).toMatchObject({ kind: 'end', ok: true })
  })
})

describe('no secret on the page', () => {
  it("a failing model's message reaches the run's rows and the session's replay without the environment's API key", async () => {
    const key = 'sk-test-0123456789abcdef'
    const failing = Agent('failing').instruct('Fail.')
    const server = await serve({
      builder: failing,
      module: { mockScript: [new Error(`401 from https://api.example/v1?key=${key}: key ${key} refused`)] },
      env: { EXAMPLE_API_KEY: key },
    })
    const id = (await call(server, 'POST', '/api/sessions', {})).body['id'] as string
    const { entries } = await turn(server, id, 'hi')
    const text = JSON.stringify([entries, (await call(server, 'GET', `/api/sessions/${id}`)).body['steps']])
    expect(text).toMatch(/key \*\*\* refused/)
    expect(text).not.toContain(key)
  })
})

describe('Host and Origin on files and streams', () => {
  it('refuses a rebound Host on the page, its files, the run streams and the API, and a cross-origin turn', async () => {
    const server = await serve()
    const id = (await call(server, 'POST', '/api/sessions', {})).body['id'] as string
    const { runId } = await turn(server, id, 'hi')
    for (const request of [
      'GET / HTTP/1.1',
      'GET /ui/app.js HTTP/1.1',
      `GET /api/runs/${runId}/stream HTTP/1.1`,
      'GET /api/sessions HTTP/1.1',
    ]) {
      const answer = await rawRequest(server.port, `${request}\r\nHost: rebound.example:${server.port}`)
      expect(answer.status, request).toBe(403)
    }
    const crossOrigin = await call(
      server,
      'POST',
      `/api/sessions/${id}/runs`,
      { text: 'from a page' },
      { origin: 'http://evil.example' },
    )
    expect(crossOrigin.status).toBe(403)
    expect(JSON.stringify((await call(server, 'GET', `/api/sessions/${id}`)).body)).not.toContain('from a page')
  })
})

describe('offline, several clients', () => {
  it('answers turns of two sessions at the same time, each from the first reply of the script', async () => {
    const server = await serve()
    const ids = await Promise.all(
      [1, 2].map(async () => (await call(server, 'POST', '/api/sessions', {})).body['id'] as string),
    )
    for (let round = 0; round < 2; round++) {
      const turns = await Promise.all(ids.map((id) => turn(server, id, `message ${round}`)))
      for (const done of turns)
        expect(
          done.entries.filter((entry) => entry.kind === 'text').map((entry) => (entry as { text: string }).text),
        ).toEqual(['Here to help.'])
    }
  })
})
