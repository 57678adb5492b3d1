// Bad input, unknown apps and sessions, the lease rule on a busy session, Host/Origin rules, state updates,
// imported sessions and artifacts, against our ADK API server.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BaseLlm,
  InMemoryArtifactService,
  InMemoryMemoryService,
  InMemorySessionService,
  LlmAgent,
  LoadMemoryTool,
  createEvent,
  type LlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { rawRequest } from '../http/raw-request.test-helper.js'
import { AdkWebMissingError, findAdkWeb } from './adk-web-assets.js'

/** A model that answers only when the test opens its gate, and says when a call arrived. */
class GatedLlm extends BaseLlm {
  calls = 0
  #arrived: (() => void) | undefined
  #open: (() => void) | undefined
  arrived = new Promise<void>((resolve) => (this.#arrived = resolve))
  gate = new Promise<void>((resolve) => (this.#open = resolve))

  constructor() {
    super({ model: 'gated' })
  }

  open(): void {
    this.#open?.()
  }

  async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
    this.calls++
    this.#arrived?.()
    await this.gate
    yield { content: { role: 'model', parts: [{ text: `answer ${this.calls}` }] } }
  }
}

const message = { role: 'user', parts: [{ text: 'hi' }] }
let server: AdkApiServer
const artifacts = new InMemoryArtifactService()
const sessions = new InMemorySessionService()

async function ask(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  const raw = await response.text()
  return { status: response.status, body: raw === '' ? undefined : (JSON.parse(raw) as Record<string, unknown>) }
}

async function newSession(app = 'echo', state: Record<string, unknown> = {}): Promise<string> {
  const created = await ask('POST', `/apps/${app}/users/u/sessions`, { state })
  return created.body?.['id'] as string
}

beforeAll(async () => {
  const echo = Agent('echo')
    .instruct('Echo.')
    .model(new ScriptedLlm(Array.from({ length: 20 }, () => text('ok'))))
  server = await startAdkApiServer({
    apps: { echo, core: new LlmAgent({ name: 'core_agent', model: new ScriptedLlm([text('core ok')]) }) },
    port: 0,
    sessionService: sessions,
    artifactService: artifacts,
  })
})

afterAll(async () => {
  await server?.close()
})

describe('unknown apps and sessions get ADK 404 shape', () => {
  it('answers { error } with 404 for an unknown app on every route kind', async () => {
    for (const [method, path, body] of [
      ['GET', '/apps/nope/users/u/sessions'],
      ['POST', '/apps/nope/users/u/sessions', {}],
      ['GET', '/apps/nope/users/u/sessions/s'],
      ['GET', '/dev/apps/nope/build_graph'],
      ['GET', '/dev/apps/nope/debug/trace/session/s'],
      ['GET', '/dev/apps/nope/debug/trace/e'],
      ['POST', '/run', { appName: 'nope', userId: 'u', sessionId: 's', newMessage: message }],
      ['POST', '/run_sse', { appName: 'nope', userId: 'u', sessionId: 's', newMessage: message }],
    ] as const)
      expect(await ask(method, path, body), `${method} ${path}`).toEqual({
        status: 404,
        body: { error: 'App not found: nope' },
      })
  })

  it('answers { error: "Session not found: <id>" } with 404 for an unknown session', async () => {
    const missing = { status: 404, body: { error: 'Session not found: gone' } }
    expect(await ask('GET', '/apps/echo/users/u/sessions/gone')).toEqual(missing)
    expect(await ask('DELETE', '/apps/echo/users/u/sessions/gone')).toEqual(missing)
    expect(await ask('POST', '/run', { appName: 'echo', userId: 'u', sessionId: 'gone', newMessage: message })).toEqual(
      missing,
    )
    expect(
      await ask('POST', '/run_sse', { appName: 'echo', userId: 'u', sessionId: 'gone', newMessage: message }),
    ).toEqual(missing)
    // Another user's session is not yours.
    const id = await newSession()
    expect((await ask('GET', `/apps/echo/users/someone-else/sessions/${id}`)).status).toBe(404)
  })

  it('answers unknown routes with a JSON 404 and other methods with 405', async () => {
    expect(await ask('GET', '/nothing/here')).toEqual({ status: 404, body: { error: 'Not found: GET /nothing/here' } })
    expect((await ask('PUT', '/run', {})).status).toBe(405)
  })
})

describe('malformed bodies get a 4xx naming the field, never a crash', () => {
  it('refuses bad JSON, non-objects, missing or mistyped fields', async () => {
    const sessionId = await newSession()
    const base = { appName: 'echo', userId: 'u', sessionId, newMessage: message }
    const cases: [unknown, RegExp][] = [
      ['{not json', /not JSON/],
      ['[1, 2]', /must be a JSON object/],
      [{ ...base, appName: undefined }, /"appName" must be a non-empty string/],
      [{ ...base, userId: 7 }, /"userId" must be a non-empty string/],
      [{ ...base, newMessage: undefined }, /"newMessage" must be a message with parts/],
      [{ ...base, newMessage: { role: 'user', parts: [] } }, /"newMessage" must be a message with parts/],
      [{ ...base, newMessage: { parts: ['hi'] } }, /"newMessage.parts" must be an array of part objects/],
      [{ ...base, stateDelta: 'x' }, /"stateDelta" must be a JSON object/],
      [{ ...base, streaming: 'yes' }, /"streaming" must be true or false/],
      [
        '{"appName":"echo","userId":"u","sessionId":"' +
          sessionId +
          '","newMessage":{"parts":[{"text":"hi"}]},"stateDelta":{"__proto__":{"polluted":true}}}',
        /__proto__/,
      ],
    ]
    for (const [body, error] of cases) {
      for (const route of ['/run', '/run_sse']) {
        const answer = await ask('POST', route, body)
        expect(answer.status, `${route} ${JSON.stringify(body)}`).toBe(400)
        expect(answer.body?.['error'], `${route} ${JSON.stringify(body)}`).toMatch(error)
      }
    }
    expect(await ask('POST', '/apps/echo/users/u/sessions', { state: [1] })).toEqual({
      status: 400,
      body: { error: '"state" must be a JSON object, got an array.' },
    })
    // Nothing reached the session, and the server still answers.
    expect((await ask('GET', `/apps/echo/users/u/sessions/${sessionId}`)).body?.['events']).toEqual([])
    expect((await ask('GET', '/list-apps')).body).toEqual(['core', 'echo'])
  })

  it("accepts adk-web's body: stateDelta null, streaming false, and session metadata in the initial state", async () => {
    const sessionId = await newSession('echo', { __session_metadata__: { displayName: 'hi' } })
    const body = { appName: 'echo', userId: 'u', sessionId, newMessage: message, streaming: false, stateDelta: null }
    const answer = await ask('POST', '/run', body)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      expect.objectContaining({ author: 'echo', content: { role: 'model', parts: [{ text: 'ok' }] } }),
    ])
  })

  it('runs a core agent as well as a builder', async () => {
    const sessionId = await newSession('core')
    const answer = await ask('POST', '/run', { appName: 'core', userId: 'u', sessionId, newMessage: message })
    expect(answer.body).toEqual([expect.objectContaining({ author: 'core_agent' })])
  })
})

describe('a run on a busy session follows the lease rule', () => {
  it("refuses a second run while the first holds the session (409, SESSION_BUSY's message); nothing of it is stored", async () => {
    const model = new GatedLlm()
    const busy = await startAdkApiServer({ apps: { slow: new LlmAgent({ name: 'slow', model }) }, port: 0 })
    try {
      const created = await fetch(`${busy.url}/apps/slow/users/u/sessions`, { method: 'POST' })
      const { id } = (await created.json()) as { id: string }
      const run = (text: string, route = '/run') =>
        fetch(busy.url + route, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ appName: 'slow', userId: 'u', sessionId: id, newMessage: { parts: [{ text }] } }),
        })
      const first = run('first')
      await model.arrived
      for (const route of ['/run', '/run_sse']) {
        const second = await run('second', route)
        expect(second.status).toBe(409)
        expect(((await second.json()) as { error: string }).error).toMatch(/is busy: another run holds it/)
      }
      model.open()
      expect((await first).status).toBe(200)
      const stored = (await (await fetch(`${busy.url}/apps/slow/users/u/sessions/${id}`)).json()) as {
        events: { content: { parts: { text: string }[] } }[]
      }
      expect(stored.events.map((event) => event.content.parts[0]?.text)).toEqual(['first', 'answer 1'])
      expect(model.calls).toBe(1)
    } finally {
      await busy.close()
    }
  })

  it("queues the second run behind the first with onBusy: 'wait'", async () => {
    const model = new GatedLlm()
    const busy = await startAdkApiServer({
      apps: { slow: new LlmAgent({ name: 'slow', model }) },
      port: 0,
      onBusy: 'wait',
    })
    try {
      const { id } = (await (await fetch(`${busy.url}/apps/slow/users/u/sessions`, { method: 'POST' })).json()) as {
        id: string
      }
      const run = (text: string) =>
        fetch(`${busy.url}/run`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ appName: 'slow', userId: 'u', sessionId: id, newMessage: { parts: [{ text }] } }),
        })
      const first = run('first')
      await model.arrived
      const second = run('second')
      model.open()
      expect([(await first).status, (await second).status]).toEqual([200, 200])
      const stored = (await (await fetch(`${busy.url}/apps/slow/users/u/sessions/${id}`)).json()) as {
        events: { content: { parts: { text: string }[] } }[]
      }
      expect(stored.events.map((event) => event.content.parts[0]?.text)).toEqual([
        'first',
        'answer 1',
        'second',
        'answer 2',
      ])
    } finally {
      await busy.close()
    }
  })
})

describe('one bad request never ends the server', () => {
  it('answers a request line whose target is no URL (GET //[ with a valid Host), then serves the next', async () => {
    const port = Number(new URL(server.url).port)
    for (const target of ['//[', '//127.0.0.1/list-apps', '//']) {
      const answer = await rawRequest(port, `GET ${target} HTTP/1.1`)
      expect([answer.status, JSON.parse(answer.body)], target).toEqual([404, { error: `Not found: GET ${target}` }])
    }
    expect((await rawRequest(port, 'GET * HTTP/1.1')).status).toBe(400)
    expect((await ask('GET', '/list-apps')).body).toEqual(['core', 'echo'])
  })

  it('refuses a body that is not JSON by its media type (415) and a path with a control character (400)', async () => {
    const port = Number(new URL(server.url).port)
    const form = await rawRequest(
      port,
      'POST /apps/echo/users/u/sessions HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 2',
      '--',
    )
    expect(form.status).toBe(415)
    expect(await ask('GET', '/apps/echo/users/u/sessions/a%07b')).toEqual({
      status: 400,
      body: { error: 'The path segment "a%07b" holds a control character.' },
    })
  })
})

describe('Host and Origin rules of the dev UI', () => {
  it('refuses a foreign Host (DNS rebinding) and a cross-site Origin with 403', async () => {
    const port = Number(new URL(server.url).port)
    const foreignHost = await new Promise<number | undefined>((resolve, reject) =>
      request(
        { host: '127.0.0.1', port, path: '/list-apps', headers: { host: `evil.example:${port}` } },
        (response) => {
          response.resume()
          resolve(response.statusCode)
        },
      )
        .on('error', reject)
        .end(),
    )
    expect(foreignHost).toBe(403)
    expect((await ask('POST', '/apps/echo/users/u/sessions', {}, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await ask('GET', '/list-apps', undefined, { origin: server.url })).status).toBe(200)
  })
})

describe('memory', () => {
  it("gives the apps' runners the memoryService: a load_memory call finds an earlier session's words", async () => {
    const memory = new InMemoryMemoryService()
    await memory.addSessionToMemory({
      id: 'old',
      appName: 'recall',
      userId: 'u',
      state: {},
      lastUpdateTime: 0,
      events: [createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'I drink green tea' }] } })],
    })
    const agent = new LlmAgent({
      name: 'recaller',
      model: new ScriptedLlm([call('load_memory', { query: 'tea' }), text('You drink green tea.')]),
      tools: [new LoadMemoryTool()],
    })
    const recall = await startAdkApiServer({ apps: { recall: agent }, port: 0, memoryService: memory })
    try {
      const { id } = (await (await fetch(`${recall.url}/apps/recall/users/u/sessions`, { method: 'POST' })).json()) as {
        id: string
      }
      const events = (await (
        await fetch(`${recall.url}/run`, {
          method: 'POST',
          body: JSON.stringify({
            appName: 'recall',
            userId: 'u',
            sessionId: id,
            newMessage: { parts: [{ text: 'tea?' }] },
          }),
        })
      ).json()) as { content: { parts: { functionResponse?: { response: unknown } }[] } }[]
      expect(JSON.stringify(events[1]?.content.parts[0]?.functionResponse?.response)).toContain('I drink green tea')
    } finally {
      await recall.close()
    }
  })
})

describe('a server on a non-loopback host', () => {
  it('has no Host/Origin checks (it is exposed on purpose, behind your own proxy)', async () => {
    const exposed = await startAdkApiServer({
      apps: { a: Agent('a').model(new ScriptedLlm([])) },
      port: 0,
      host: '0.0.0.0',
    })
    try {
      const port = Number(new URL(exposed.url).port)
      expect(exposed.url).toBe(`http://0.0.0.0:${port}`)
      const answer = await fetch(`http://127.0.0.1:${port}/list-apps`, {
        headers: { origin: 'https://elsewhere.example' },
      })
      expect([answer.status, await answer.json()]).toEqual([200, ['a']])
    } finally {
      await exposed.close()
    }
  })

  it('checks Host and Origin again once allowedHosts names the hosts it is reached by', async () => {
    const named = await startAdkApiServer({
      apps: { a: Agent('a').model(new ScriptedLlm([])) },
      port: 0,
      host: '0.0.0.0',
      allowedHosts: ['agents.example.com'],
    })
    try {
      const port = Number(new URL(named.url).port)
      const asked = async (host: string, origin?: string) =>
        (await rawRequest(port, `GET /list-apps HTTP/1.1\r\nHost: ${host}${origin ? `\r\nOrigin: ${origin}` : ''}`))
          .status
      expect(await asked('agents.example.com')).toBe(200)
      expect(await asked('agents.example.com', 'https://agents.example.com')).toBe(200)
      expect(await asked(`127.0.0.1:${port}`)).toBe(200)
      expect(await asked('rebound.example')).toBe(403)
      expect(await asked('agents.example.com', 'https://elsewhere.example')).toBe(403)
    } finally {
      await named.close()
    }
  })
})

describe('state updates, imported sessions and artifacts', () => {
  it('PATCH applies a stateDelta through an event, so the stored state stays the fold of the events', async () => {
    const id = await newSession('echo', { a: 1 })
    const answer = await ask('PATCH', `/apps/echo/users/u/sessions/${id}`, { stateDelta: { b: 2 } })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      state: { a: 1, b: 2 },
      events: [{ author: 'user', actions: { stateDelta: { b: 2 } } }],
    })
    expect((await ask('PATCH', `/apps/echo/users/u/sessions/${id}`, {})).status).toBe(400)
  })

  it("creates a session from imported events (adk-web's import), their state folded in", async () => {
    const events = [
      { author: 'user', content: { role: 'user', parts: [{ text: 'old question' }] } },
      {
        author: 'echo',
        content: { role: 'model', parts: [{ text: 'old answer' }] },
        actions: { stateDelta: { seen: true } },
      },
    ]
    const answer = await ask('POST', '/apps/echo/users/u/sessions', { events })
    expect(answer.body).toMatchObject({ state: { seen: true }, events: [{ author: 'user' }, { author: 'echo' }] })
    expect((await ask('POST', '/apps/echo/users/u/sessions', { events: [{ text: 'no author' }] })).status).toBe(400)
  })

  it('lists, loads, versions and deletes artifacts', async () => {
    const id = await newSession()
    const key = { appName: 'echo', userId: 'u', sessionId: id, filename: 'notes.txt' }
    await artifacts.saveArtifact({ ...key, artifact: { text: 'v0' } })
    await artifacts.saveArtifact({ ...key, artifact: { text: 'v1' } })
    const base = `/apps/echo/users/u/sessions/${id}/artifacts`
    expect((await ask('GET', base)).body).toEqual(['notes.txt'])
    expect((await ask('GET', `${base}/notes.txt`)).body).toEqual({ text: 'v1' })
    expect((await ask('GET', `${base}/notes.txt/versions`)).body).toEqual([0, 1])
    expect((await ask('GET', `${base}/notes.txt/versions/0`)).body).toEqual({ text: 'v0' })
    expect((await ask('GET', `${base}/notes.txt/versions/x`)).status).toBe(400)
    expect((await ask('DELETE', `${base}/notes.txt`)).status).toBe(204)
    expect(await ask('GET', `${base}/notes.txt`)).toEqual({
      status: 404,
      body: { error: 'Artifact not found: notes.txt' },
    })
  })
})

describe('starting', () => {
  it('says what to install when adk-web is asked for and @google/adk-devtools is absent', () => {
    const absent = (id: string): string => {
      throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' })
    }
    expect(() => findAdkWeb(true, absent)).toThrow(AdkWebMissingError)
    expect(() => findAdkWeb(true, absent)).toThrow(/npm install -D @google\/adk-devtools/)
    expect(findAdkWeb(true)).toMatch(/adk-devtools[\\/]dist[\\/]browser$/)
    expect(() => findAdkWeb('/nonexistent/adk-web')).toThrow(/no index.html/)
  })

  it('rejects apps that are neither builders nor agents, and bad app names', async () => {
    await expect(startAdkApiServer({ apps: { x: 42 as never }, port: 0 })).rejects.toThrow(
      /apps\["x"\] must be a fluent builder/,
    )
    await expect(startAdkApiServer({ apps: {}, port: 0 })).rejects.toThrow(/at least one app/)
    await expect(
      startAdkApiServer({ apps: { 'a/b': Agent('a').model(new ScriptedLlm([])) }, port: 0 }),
    ).rejects.toThrow(/URL segment/)
  })
})
