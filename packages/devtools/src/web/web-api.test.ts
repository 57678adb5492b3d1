import { afterEach, describe, expect, it } from 'vitest'
import { Agent, G, M, Pipeline, type FlowBuilder } from '@adk-fluent/fluent'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { readSse } from './sse-client.test-helper.js'
import type { TraceEntry } from './trace-entry.js'
import { failingFlow, gatedFlow, newsFlow, reviewFlow, tripFlow } from './web-fixtures.test-helper.js'
import { startWebServer, type WebServer } from './web-server.js'

// The JSON + SSE contract of docs/web-api.md, without a browser.

const servers: WebServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(builder: FlowBuilder): Promise<WebServer> {
  const server = await startWebServer({ builder, module: {}, file: 'fixture.ts', env: {}, port: 0 })
  servers.push(server)
  return server
}

async function json(server: WebServer, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init =
    body === undefined
      ? { headers }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }
  const response = await fetch(new URL(path, server.url), init)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, any>,
  }
}

async function startRun(
  server: WebServer,
  text: string,
): Promise<{ sessionId: string; runId: string; stream: string }> {
  const session = await json(server, '/api/sessions', {})
  const run = await json(server, `/api/sessions/${session.body['id']}/runs`, { text })
  expect(run.status).toBe(202)
  return {
    sessionId: session.body['id'],
    runId: run.body['runId'],
    stream: new URL(run.body['stream'], server.url).href,
  }
}

const kinds = (entries: readonly TraceEntry[]) => entries.map((entry) => entry.kind)

describe('the dev UI API', () => {
  it('serves the page and its files from the package, with no address outside this server', async () => {
    const server = await serve(tripFlow().flow)
    const page = await fetch(server.url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    const files = [...html.matchAll(/(?:href|src)="(\/ui\/[\w.]+)"/g)].map((match) => match[1] as string)
    expect(files).toEqual(['/ui/app.css', '/ui/app.js'])
    for (const file of [
      ...files,
      '/ui/graph.js',
      '/ui/trace.js',
      '/ui/chat.js',
      '/ui/anatomy.js',
      '/ui/sessions.js',
      '/ui/api.js',
      '/ui/dom.js',
    ]) {
      const response = await fetch(new URL(file, server.url))
      expect(response.status).toBe(200)
      const text = (await response.text()).replaceAll('http://www.w3.org/2000/svg', '')
      expect(text, file).not.toMatch(/https?:\/\/|\/\/[a-z0-9.-]+\.[a-z]{2,}\//i)
    }
    expect((await fetch(new URL('/ui/../package.json', server.url))).status).toBe(404)
    expect((await fetch(new URL('/ui/secret.txt', server.url))).status).toBe(404)
  })

  it('describes the app and its graph (the topology and state-key edges of .toMermaid(), with contract issues)', async () => {
    const { flow } = tripFlow()
    const server = await serve(flow)
    const app = await json(server, '/api/app')
    expect(app.body).toEqual({
      name: 'trip',
      userId: 'user',
      models: 'own',
      buildError: null,
      chatOff: null,
      sessions: 'memory:',
      memory: 'memory:',
      session: null,
    })
    const graph = (await json(server, '/api/graph')).body
    expect(graph['mermaid']).toBe(flow.toMermaid())
    expect(graph['nodes'].map((node: any) => node.label)).toEqual(['forecaster (Agent)', 'advisor (Agent)'])
    expect(graph['groups'].map((group: any) => group.label)).toEqual(['trip (Pipeline)'])
    const byId = new Map(graph['nodes'].map((node: any) => [node.id, node.name]))
    const edges = graph['edges'].map((edge: any) => [
      edge.kind,
      byId.get(edge.from),
      byId.get(edge.to),
      edge.label ?? null,
    ])
    expect(edges).toEqual([
      ['control', 'forecaster', 'advisor', null],
      ['data', 'forecaster', 'advisor', 'forecast'],
    ])
    expect(graph['issues']).toEqual(
      flow.check().map((issue) => expect.objectContaining({ agent: issue.agent, message: issue.message })),
    )
    const news = (await json(await serve(newsFlow().flow), '/api/graph')).body
    const names = new Map(news['nodes'].map((node: any) => [node.id, node.name]))
    expect(
      news['edges']
        .filter((edge: any) => edge.kind === 'data')
        .map((edge: any) => [names.get(edge.from), names.get(edge.to), edge.label]),
    ).toEqual([
      ['sports', 'editor', 'sports'],
      ['weather', 'editor', 'weather'],
    ])
  })

  it('marks contract issues on the nodes of the agents they name; a tree that does not build refuses runs', async () => {
    const llm = new ScriptedLlm([])
    const drafter = Agent('drafter').model(llm).instruct('Draft about {topic}.').writes('draft')
    const broken = Pipeline('broken')
      .initialState('topic')
      .step(drafter)
      // @ts-expect-error a deliberately broken flow: 'article' is neither written nor declared initial
      .step(Agent('publisher').model(llm).instruct('Publish {article}.'))
    const server = await serve(broken)
    const graph = (await json(server, '/api/graph')).body
    expect(graph['issues'].map((issue: any) => [issue.level, issue.agent])).toContainEqual(['error', 'publisher'])
    for (const issue of graph['issues']) {
      expect(issue.nodes.length, issue.message).toBeGreaterThan(0)
      for (const id of issue.nodes)
        expect([...graph['nodes'], ...graph['groups']].find((node: any) => node.id === id)?.name).toBe(issue.agent)
    }
    const app = (await json(server, '/api/app')).body
    expect(app['buildError']).toContain('article')
    const session = (await json(server, '/api/sessions', {})).body
    expect((await json(server, `/api/sessions/${session['id']}/runs`, { text: 'go' })).status).toBe(422)
  })

  it("lists an agent's guards and middleware in its anatomy", async () => {
    const guarded = Agent('support')
      .model(new ScriptedLlm(['ok']))
      .guard(G.pii({ action: 'redact' }))
      .use(M.retry({ maxAttempts: 2 }))
    const anatomy = await json(await serve(guarded), '/api/anatomy/support')
    expect(anatomy.body['text']).toContain("7. Guards:     G.pii({ action: 'redact'")
    expect(anatomy.body['text']).toContain('8. Middleware: m_retry')
  })

  it('gives the symbolic anatomy of an agent, and the pipeline preview (the whole turn on stand-ins) with the parts from state marked', async () => {
    const server = await serve(tripFlow().flow)
    const anatomy = await json(server, '/api/anatomy/advisor')
    expect(anatomy.body['text']).toMatch(/^LLM Call Anatomy: advisor\n {2}1\. System: /)
    expect(anatomy.body['text']).toContain('{forecast}')
    expect((await json(server, '/api/anatomy/nobody')).status).toBe(404)
    const preview = await json(server, '/api/preview', { state: { forecast: 'Rain all day' }, message: 'Lisbon' })
    expect(preview.body['calls'].map((call: any) => [call.index, call.agent, call.callNumber])).toEqual([
      [1, 'forecaster', 1],
      [2, 'advisor', 1],
    ])
    const [forecaster, advisor] = preview.body['calls'].map((call: any) => JSON.parse(call.text))
    expect(forecaster.contents).toEqual([{ role: 'user', parts: [{ text: 'Lisbon' }] }])
    // The whole turn ran on stand-ins: the advisor sees the forecaster's stand-in answer, not the initial state.
    const answer = preview.body['calls'][0].reply.content.parts[0].text
    expect(advisor.config.systemInstruction).toContain(`given this forecast: ${answer}`)
    const loop = await json(await serve(reviewFlow().flow), '/api/preview', { state: { topic: 'autumn leaves' } })
    const writer = loop.body['calls'].filter((call: any) => call.agent === 'writer')
    expect(writer.length).toBeGreaterThan(0)
    for (const call of writer) {
      // The posted state's value, and the reviewer's stand-in answer the loop wrote to `feedback` (from round 2).
      expect(call.marks.map((mark: any) => [mark.key, call.text.slice(mark.start, mark.end)])).toEqual([
        ['topic', 'autumn leaves'],
        ...(call.callNumber > 1 ? [['feedback', "⟨reviewer's reply⟩"]] : []),
      ])
    }
    expect((await json(server, '/api/preview', { state: { forecast: 3 } })).body['calls']).toHaveLength(2)
    expect((await json(server, '/api/preview', { state: [] })).status).toBe(400)
  })

  it('runs a turn and streams it: user, each model call with its exact request, tool call and result, text, state, end', async () => {
    const { flow, llm } = tripFlow()
    const server = await serve(flow)
    const { stream, sessionId } = await startRun(server, 'Paris next week')
    const read = await readSse(stream)
    expect(read.status).toBe(200)
    expect(read.contentType).toBe('text/event-stream; charset=utf-8')
    expect(read.raw).toMatch(/^retry: 500\n\nid: 1\ndata: \{"kind":"user"/)
    expect(read.frames.map((frame) => frame.id)).toEqual(read.entries.map((_, index) => String(index + 1)))
    expect(kinds(read.entries)).toEqual([
      'user',
      'llm-start',
      'llm-call',
      'tool-call',
      'tool-result',
      'llm-start',
      'llm-call',
      'text',
      'state',
      'llm-start',
      'llm-call',
      'text',
      'state',
      'end',
    ])
    const calls = read.entries.filter((entry) => entry.kind === 'llm-call')
    expect(calls.map((call) => [call.call, call.agent])).toEqual([
      [1, 'forecaster'],
      [2, 'forecaster'],
      [3, 'advisor'],
    ])
    calls.forEach((call, index) => {
      const received = llm.requests[index]
      const expected = JSON.stringify(
        { model: received?.model, contents: received?.contents, config: received?.config },
        null,
        2,
      )
      expect(JSON.stringify(call.request, null, 2)).toBe(expected)
      expect(call.durationMs).toBeGreaterThanOrEqual(0)
    })
    expect(read.entries[3]).toMatchObject({
      kind: 'tool-call',
      agent: 'forecaster',
      name: 'getWeather',
      args: { city: 'Paris' },
    })
    expect(read.entries[4]).toMatchObject({
      kind: 'tool-result',
      name: 'getWeather',
      response: { city: 'Paris', sky: 'sunny', celsius: 21 },
    })
    expect(read.entries[8]).toMatchObject({
      kind: 'state',
      agent: 'forecaster',
      changes: [{ key: 'forecast', after: 'Sunny in Paris, 21 °C.' }],
    })
    expect(read.entries.at(-1)).toMatchObject({ kind: 'end', ok: true })

    const session = (await json(server, `/api/sessions/${sessionId}`)).body
    expect(session['state']).toEqual({ forecast: 'Sunny in Paris, 21 °C.', advice: 'Pack sunglasses.' })
    expect(session['runs'][0].entries).toEqual(read.entries)
    const steps = session['steps']
    expect(steps.map((step: any) => step.rows.map((row: any) => row.kind))).toEqual([
      ['user'],
      ['tool-call'],
      ['tool-result'],
      ['text', 'state'],
      ['text', 'state'],
    ])
    expect(steps.at(-1).state).toEqual(session['state'])
    const list = (await json(server, '/api/sessions')).body
    expect(list['sessions'].map((item: any) => [item.id, item.eventCount])).toEqual([[sessionId, 5]])
  })

  it('resumes a stream after Last-Event-ID without repeating an entry, also when the client dropped mid-run', async () => {
    const { flow, release } = gatedFlow()
    const server = await serve(flow)
    const { stream, sessionId } = await startRun(server, 'find it')
    const first = await readSse(stream, { stopAfter: (entry) => entry.kind === 'tool-call' })
    expect(kinds(first.entries)).toEqual(['user', 'llm-start', 'llm-call', 'tool-call'])
    const busy = await json(server, `/api/sessions/${sessionId}/runs`, { text: 'again' })
    expect(busy.status).toBe(409)
    release()
    const rest = await readSse(stream, { lastEventId: 4 })
    const all = [...first.entries, ...rest.entries]
    expect(all.map((entry) => entry.id)).toEqual(all.map((_, index) => index + 1))
    expect(kinds(all)).toEqual([
      'user',
      'llm-start',
      'llm-call',
      'tool-call',
      'tool-result',
      'llm-start',
      'llm-call',
      'text',
      'end',
    ])
    const tail = await readSse(stream, { lastEventId: 7 })
    expect(tail.entries.map((entry) => entry.id)).toEqual([8, 9])
    const done = await fetch(stream, { headers: { 'last-event-id': '9' } })
    expect(done.status).toBe(204)
  })

  it('shows a failing model call as an error row, and the stream still ends', async () => {
    const server = await serve(failingFlow().flow)
    const { stream } = await startRun(server, 'hello')
    const read = await readSse(stream)
    expect(kinds(read.entries)).toEqual(['user', 'llm-start', 'llm-call', 'error', 'end'])
    expect(read.entries[2]).toMatchObject({ kind: 'llm-call', error: 'quota exceeded' })
    expect(read.entries[2]).not.toHaveProperty('response')
    expect(read.entries[3]).toMatchObject({ kind: 'error', agent: 'unlucky', message: 'quota exceeded' })
    expect(read.entries[4]).toMatchObject({ kind: 'end', ok: false })
  })

  it('answers bad requests with a status and a message', async () => {
    const server = await serve(tripFlow().flow)
    const session = (await json(server, '/api/sessions', {})).body
    expect(await json(server, `/api/sessions/${session['id']}/runs`, {})).toMatchObject({
      status: 400,
      body: { error: '"text" must be a non-empty string, got nothing.' },
    })
    expect((await json(server, `/api/sessions/${session['id']}/runs`, '{oops')).status).toBe(400)
    expect(await json(server, '/api/sessions/nope/runs', { text: 'hi' })).toMatchObject({
      status: 404,
      body: { error: 'Session not found: nope' },
    })
    expect((await json(server, '/api/sessions/nope')).status).toBe(404)
    expect((await json(server, '/api/runs/nope')).status).toBe(404)
    expect((await fetch(new URL('/api/runs/nope/stream', server.url))).status).toBe(404)
    expect((await json(server, '/api/nothing')).status).toBe(404)
    expect((await fetch(new URL('/api/graph', server.url), { method: 'DELETE' })).status).toBe(405)
  })

  it('refuses requests whose Origin or Host is not this local server', async () => {
    const server = await serve(tripFlow().flow)
    const local = `http://localhost:${server.port}`
    expect((await json(server, '/api/app', undefined, { origin: local })).status).toBe(200)
    expect((await json(server, '/api/app', undefined, { origin: `http://127.0.0.1:${server.port}` })).status).toBe(200)
    const crossSite = await json(server, '/api/sessions', {}, { origin: 'https://evil.example' })
    expect(crossSite).toMatchObject({
      status: 403,
      body: { error: 'Origin "https://evil.example" is not this local server.' },
    })
    expect((await json(server, '/api/app', undefined, { origin: `http://localhost:${server.port + 1}` })).status).toBe(
      403,
    )
    expect((await json(server, '/api/app', undefined, { origin: 'null' })).status).toBe(403)
    const { request } = await import('node:http')
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const call = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/app',
          headers: { host: `attacker.example:${server.port}` },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode)
        },
      )
      call.on('error', reject)
      call.end()
    })
    expect(status).toBe(403)
    expect((await json(server, '/api/sessions')).body['sessions']).toEqual([])
  })
})
