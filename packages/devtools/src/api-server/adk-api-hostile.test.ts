// Hostile clients of the ADK API server (issue 39), on adk-web's route shapes: one bad or greedy client never stops
// the server or another client's run, and what one client can make the server hold is limited with clean errors.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BaseLlm, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import { Agent } from '@adk-fluent/fluent'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { rawRequest } from '../http/raw-request.test-helper.js'

/**
 * Answers `reply <n>`; a message saying "wait" is held (after a first partial chunk when streaming) until `release()`
 * or the run is aborted. A message carrying "secret" fails the call with the test's key and a path in the message.
 */
class TestLlm extends BaseLlm {
  calls = 0
  aborted = 0
  readonly #held = new Set<() => void>()

  constructor() {
    super({ model: 'test-llm' })
  }

  /** Calls held right now. */
  get holding(): number {
    return this.#held.size
  }

  release(): void {
    for (const resolve of this.#held) resolve()
  }

  async *generateContentAsync(request: LlmRequest, stream?: boolean, signal?: AbortSignal) {
    this.calls++
    const said = JSON.stringify(request.contents.at(-1))
    if (said.includes('secret'))
      throw new Error(`upstream refused key ${process.env['ADK_HOSTILE_API_KEY']} (/home/ana/.config/app/key.json)`)
    if (said.includes('wait')) {
      if (stream) yield { content: { role: 'model', parts: [{ text: 'Hel' }] }, partial: true } as LlmResponse
      await new Promise<void>((resolve) => {
        const done = () => {
          this.#held.delete(done)
          resolve()
        }
        this.#held.add(done)
        signal?.addEventListener('abort', done, { once: true })
      })
      if (signal?.aborted) this.aborted++
    }
    yield { content: { role: 'model', parts: [{ text: `reply ${this.calls}` }] } } as LlmResponse
  }
}

const model = new TestLlm()
let server: AdkApiServer
let port: number

beforeAll(async () => {
  server = await startAdkApiServer({
    apps: { chat: Agent('chat').instruct('Chat.').model(model) },
    port: 0,
    limits: { sessionsPerUser: 3, eventsPerSession: 6, evalSetsPerApp: 2, maxStreams: 2, headersTimeoutMs: 300 },
  })
  port = Number(new URL(server.url).port)
})

afterAll(async () => {
  await server?.close()
})

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(server.url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown> }
}

/** adk-web's `/run_sse` body. */
const runBody = (userId: string, sessionId: string, words: string) => ({
  appName: 'chat',
  userId,
  sessionId,
  newMessage: { role: 'user', parts: [{ text: words }] },
  streaming: true,
  stateDelta: null,
})

const newSession = async (userId: string, sessionId: string) =>
  (await call('POST', `/apps/chat/users/${userId}/sessions/${sessionId}`, {})).status

/** The text of the last whole event of an SSE answer. */
const lastReply = (raw: string) =>
  raw
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { partial?: boolean; content?: { parts: { text: string }[] } })
    .filter((event) => !event.partial)
    .at(-1)?.content?.parts[0]?.text

describe('one bad client never stops the server or another run', () => {
  it('a held run finishes and answers a second message while others send garbage, stall, pipeline and leave mid-stream', async () => {
    expect(await newSession('bob', 'b1')).toBe(200)
    expect(await newSession('eve', 'e1')).toBe(200)
    const bob = fetch(`${server.url}/run_sse`, { method: 'POST', body: JSON.stringify(runBody('bob', 'b1', 'wait')) })
    await expect.poll(() => model.holding).toBe(1)
    // Eve: a malformed request line, a half-sent body, a slowloris, pipelined requests, and a stream she leaves.
    expect((await rawRequest(port, 'GET //[ HTTP/1.1')).status).toBe(404)
    const half = connect(port, '127.0.0.1')
    half.on('error', () => undefined)
    half.write(`POST /run HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 500\r\n\r\n{"appName":`)
    half.destroy()
    const slow = connect(port, '127.0.0.1')
    slow.on('error', () => undefined)
    slow.write(`GET /list-apps HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `)
    const slowClosed = new Promise((resolve) => slow.on('close', resolve))
    slow.resume()
    const pipelined = await rawRequest(
      port,
      `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\nGET /list-apps HTTP/1.1`,
    )
    expect(pipelined.status).toBe(200)
    await slowClosed
    // Bob's run is still held: release it; his stream ends with the reply and his second message is answered.
    model.release()
    const first = await bob
    expect(lastReply(await first.text())).toMatch(/^reply \d+$/)
    const second = await fetch(`${server.url}/run_sse`, {
      method: 'POST',
      body: JSON.stringify(runBody('bob', 'b1', 'again')),
    })
    expect([second.status, lastReply(await second.text())]).toEqual([200, expect.stringMatching(/^reply \d+$/)])
  })

  it('a client that leaves mid-stream aborts only its run, and its session takes the next message', async () => {
    expect(await newSession('eve', 'e2')).toBe(200)
    const leaving = new AbortController()
    const response = await fetch(`${server.url}/run_sse`, {
      method: 'POST',
      body: JSON.stringify(runBody('eve', 'e2', 'wait')),
      signal: leaving.signal,
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"partial":true')
    const abortedBefore = model.aborted
    leaving.abort()
    await expect.poll(() => model.aborted, { timeout: 3000 }).toBe(abortedBefore + 1)
    const next = await call('POST', '/run', { ...runBody('eve', 'e2', 'hello again'), streaming: false })
    expect(next.status).toBe(200)
    const stored = await call('GET', '/apps/chat/users/eve/sessions/e2')
    const events = stored.body['events'] as { partial?: boolean; content?: { parts: { text?: string }[] } }[]
    expect(events.some((event) => event.partial)).toBe(false)
    expect(events.at(-1)?.content?.parts[0]?.text).toMatch(/^reply \d+$/)
  })
})

describe('limits with clean errors', () => {
  it('refuses a body nested over 100 levels on every route that reads one, and serves the next request', async () => {
    const deep = `${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`
    for (const [method, path, body] of [
      ['POST', '/apps/chat/users/u/sessions', `{"state":{"k":${deep}}}`],
      ['POST', '/apps/chat/users/u/sessions/deep', `{"events":[{"author":"user","content":${deep}}]}`],
      [
        'POST',
        '/run',
        `{"appName":"chat","userId":"u","sessionId":"s","newMessage":{"parts":[{"text":"x","y":${deep}}]}}`,
      ],
      ['POST', '/run_sse', `{"appName":"chat","newMessage":${deep}}`],
      ['POST', '/dev/apps/chat/eval-sets', `{"eval_set":${deep}}`],
    ] as const) {
      const answer = await call(method, path, body)
      expect([answer.status, answer.body['error']], path).toEqual([
        400,
        expect.stringMatching(/nested more than 100 levels/),
      ])
    }
    expect((await call('GET', '/list-apps')).body).toEqual(['chat'])
  })

  it("caps a user's sessions (429, nothing created), not another user's; a delete makes room", async () => {
    for (const id of ['c1', 'c2', 'c3']) expect(await newSession('carol', id)).toBe(200)
    const refused = await call('POST', '/apps/chat/users/carol/sessions', {})
    expect([refused.status, refused.body['error']]).toEqual([429, expect.stringMatching(/has 3 sessions, the most/)])
    expect((await call('GET', '/apps/chat/users/carol/sessions')).body['totalItems']).toBe(3)
    expect(await newSession('dave', 'd1')).toBe(200)
    expect((await call('DELETE', '/apps/chat/users/carol/sessions/c3')).status).toBe(204)
    expect(await newSession('carol', 'c4')).toBe(200)
  })

  it("caps a session's events: a run, a state update or an import past the limit is refused, nothing stored", async () => {
    expect(await newSession('erin', 'full')).toBe(200)
    for (const words of ['one', 'two', 'three'])
      expect((await call('POST', '/run', { ...runBody('erin', 'full', words), streaming: false })).status).toBe(200)
    const run = await call('POST', '/run_sse', runBody('erin', 'full', 'four'))
    expect([run.status, run.body['error']]).toEqual([429, expect.stringMatching(/holds 6 events, the most/)])
    const patch = await call('PATCH', '/apps/chat/users/erin/sessions/full', { stateDelta: { a: 1 } })
    expect(patch.status).toBe(429)
    expect(((await call('GET', '/apps/chat/users/erin/sessions/full')).body['events'] as unknown[]).length).toBe(6)
    const events = Array.from({ length: 7 }, () => ({ author: 'user', content: { parts: [{ text: 'x' }] } }))
    const imported = await call('POST', '/apps/chat/users/erin/sessions/imported', { events })
    expect([imported.status, imported.body['error']]).toEqual([
      413,
      '"events" has 7 events; a session on this server holds at most 6.',
    ])
  })

  it('caps eval sets per app and open streams', async () => {
    for (const id of ['one', 'two']) expect((await call('POST', `/apps/chat/eval_sets/${id}`)).status).toBe(200)
    const third = await call('POST', '/dev/apps/chat/eval-sets', { eval_set: { eval_set_id: 'three' } })
    expect([third.status, third.body['error']]).toEqual([429, expect.stringMatching(/has 2 eval sets, the most/)])
    // Two held streams fill the server (maxStreams: 2); a third is refused before its run starts.
    for (const id of ['f1', 'f2', 'f3']) expect(await newSession('frank', id)).toBe(200)
    const leaving = [new AbortController(), new AbortController()]
    const open = ['f1', 'f2'].map((id, index) =>
      fetch(`${server.url}/run_sse`, {
        method: 'POST',
        body: JSON.stringify(runBody('frank', id, 'wait')),
        signal: leaving[index]?.signal as AbortSignal,
      }).catch(() => undefined),
    )
    await expect.poll(() => model.holding).toBe(2)
    await expect
      .poll(async () => {
        const third = await call('POST', '/run_sse', runBody('frank', 'f3', 'hi'))
        return third.status
      })
      .toBe(429)
    const calls = model.calls
    for (const controller of leaving) controller.abort()
    await Promise.all(open)
    expect(model.calls).toBe(calls)
    // The streams are gone once their clients are: a new one opens (and its run answers).
    await expect
      .poll(() =>
        fetch(`${server.url}/run_sse`, { method: 'POST', body: JSON.stringify(runBody('frank', 'f3', 'hi')) }).then(
          (r) => r.text().then(() => r.status),
        ),
      )
      .toBe(200)
  })
})

describe('no secret or local path in an answer', () => {
  it('/run, /run_sse and the stored session show a failing model without the API key in the environment or a path', async () => {
    process.env['ADK_HOSTILE_API_KEY'] = 'AKIA-not-a-real-key-42'
    try {
      expect(await newSession('gina', 'g1')).toBe(200)
      const run = await call('POST', '/run', { ...runBody('gina', 'g1', 'secret'), streaming: false })
      const sse = await fetch(`${server.url}/run_sse`, {
        method: 'POST',
        body: JSON.stringify(runBody('gina', 'g1', 'secret')),
      })
      const stored = await call('GET', '/apps/chat/users/gina/sessions/g1')
      for (const text of [JSON.stringify(run.body), await sse.text(), JSON.stringify(stored.body)]) {
        expect(text).toMatch(/upstream refused key \*\*\*/)
        expect(text).not.toMatch(/AKIA|\/home\/ana|key\.json/)
      }
    } finally {
      delete process.env['ADK_HOSTILE_API_KEY']
    }
  })
})
