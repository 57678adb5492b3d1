import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { readJsonBody } from './body.js'
import { startHttpServer, type HttpServer, type HttpServerLimits } from './http-server.js'
import { rawRequest } from './raw-request.test-helper.js'
import { Router } from './router.js'

// Hostile clients of the shared HTTP layer (issue 39): slow or half-sent requests are timed out, pipelined ones are
// answered in order, open streams are capped, bodies are limited in depth, path ids never carry a path, a cross-site
// request without an Origin is refused and no secret of the environment is ever answered.

const servers: HttpServer[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function router(): Router {
  return new Router()
    .add('GET', '/items/:id', async ({ params }) => ({ id: params['id'] }))
    .add('POST', '/items', async ({ request }) => readJsonBody(request, { maxBytes: 20_000_000 }))
    .add('GET', '/files/*path', async ({ params }) => ({ path: params['path'] }))
    .add('GET', '/stream', async ({ eventStream }) => {
      eventStream().send({ open: true })
      return undefined
    })
    .add('GET', '/fails', async () => {
      throw new Error(
        `GET https://generativelanguage.googleapis.com/v1?key=AIza${'x'.repeat(35)} failed for ${process.env['HOSTILE_TEST_API_KEY']} with Authorization: Bearer abcdefghijklmnop (postgresql://ana:hunter2@db/app)`,
      )
    })
}

async function serve(limits: Partial<HttpServerLimits> = {}): Promise<HttpServer> {
  const server = await startHttpServer({ router: router(), port: 0, host: '127.0.0.1', limits })
  servers.push(server)
  return server
}

/** A socket to the server; resolves with what it received once the server closes it (or after `waitMs`: `open`). */
function slowClient(port: number, first: string, drip: string | undefined, waitMs: number) {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  let received = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (received += chunk))
  socket.on('error', () => undefined)
  socket.write(first)
  const timer = drip === undefined ? undefined : setInterval(() => socket.write(drip), 100)
  return new Promise<{ closed: boolean; received: string }>((resolve) => {
    const give = (closed: boolean) => {
      clearInterval(timer)
      resolve({ closed, received })
    }
    const deadline = setTimeout(() => give(false), waitMs)
    socket.on('close', () => {
      clearTimeout(deadline)
      give(true)
    })
  })
}

describe('slow and half-sent requests', () => {
  it('closes a connection whose headers trickle in (slowloris) and serves others meanwhile', async () => {
    const server = await serve({ headersTimeoutMs: 300 })
    const slow = slowClient(
      server.port,
      `GET /items/1 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`,
      'X-a: b\r\n',
      5000,
    )
    expect(await (await fetch(`${server.url}/items/2`)).json()).toEqual({ id: '2' })
    const { closed, received } = await slow
    expect(closed).toBe(true)
    expect(received).toMatch(/^(HTTP\/1\.1 408|$)/)
  })

  it('closes a connection whose body never arrives whole, and serves others meanwhile', async () => {
    const server = await serve({ requestTimeoutMs: 500 })
    const head = `POST /items HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`
    const slow = slowClient(server.port, head, ' ', 5000)
    expect(await (await fetch(`${server.url}/items/3`)).json()).toEqual({ id: '3' })
    const { closed } = await slow
    expect(closed).toBe(true)
  })

  it('closes a connection that sends nothing at all', async () => {
    const server = await serve({ headersTimeoutMs: 300 })
    expect((await slowClient(server.port, '', undefined, 5000)).closed).toBe(true)
  })
})

describe('pipelined requests', () => {
  it('answers each request of one write in order, a malformed one included', async () => {
    const server = await serve()
    const host = `Host: 127.0.0.1:${server.port}`
    const socket = connect(server.port, '127.0.0.1')
    sockets.push(socket)
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.write(
      `GET /items/a HTTP/1.1\r\n${host}\r\n\r\nGET //[ HTTP/1.1\r\n${host}\r\n\r\nGET /items/b HTTP/1.1\r\n${host}\r\nConnection: close\r\n\r\n`,
    )
    await new Promise((resolve) => socket.on('close', resolve))
    expect([...text.matchAll(/^HTTP\/1\.1 (\d+)/gm)].map((match) => match[1])).toEqual(['200', '404', '200'])
    expect(text.indexOf('"id":"a"')).toBeLessThan(text.indexOf('"id":"b"'))
  })
})

describe('open event streams', () => {
  it('are capped: one more is a 429 JSON answer, and a stream that closes makes room', async () => {
    const server = await serve({ maxStreams: 2 })
    const first = new AbortController()
    const opened = await Promise.all([
      fetch(`${server.url}/stream`, { signal: first.signal }),
      fetch(`${server.url}/stream`),
    ])
    expect(opened.map((response) => response.status)).toEqual([200, 200])
    const refused = await fetch(`${server.url}/stream`)
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { error: string }).error).toMatch(/already has 2 event streams open/)
    expect((await fetch(`${server.url}/items/4`)).status).toBe(200)
    first.abort()
    await expect.poll(async () => (await fetch(`${server.url}/stream`)).status, { timeout: 3000 }).toBe(200)
  })
})

describe('bodies and path ids', () => {
  it('refuses a body nested deeper than 100 levels before parsing it, and takes one 100 deep', async () => {
    const server = await serve()
    const nested = (depth: number) => `${'['.repeat(depth - 1)}{"a":1}${']'.repeat(depth - 1)}`
    const post = (body: string) => fetch(`${server.url}/items`, { method: 'POST', body })
    const deep = await post(`{"x":${nested(1_000_000)}}`)
    expect([deep.status, await deep.json()]).toEqual([
      400,
      { error: 'The request body is nested more than 100 levels deep (objects and arrays); send a flatter value.' },
    ])
    // Brackets inside strings do not count.
    expect((await post(`{"x":${nested(99)},"s":"${'['.repeat(500)}\\"{"}`)).status).toBe(200)
    expect((await fetch(`${server.url}/items/5`)).status).toBe(200)
  })

  it('refuses ids with a path, a relative name, invisible or control characters, or over 128 characters', async () => {
    const server = await serve()
    for (const segment of [
      '..%2Fetc',
      '%2E%2E',
      '.',
      'a%5Cb',
      'a%2Fb',
      'bo%E2%80%8Bb',
      'a%E2%80%AEb',
      'x'.repeat(129),
    ]) {
      // Raw: fetch would resolve %2E%2E and . as dot segments before sending.
      const answer = await rawRequest(server.port, `GET /items/${segment} HTTP/1.1`)
      const body = JSON.parse(answer.body) as { error: string }
      expect([answer.status, body.error.startsWith('The path segment ')], segment).toEqual([400, true])
    }
    expect(await (await fetch(`${server.url}/items/ann%40example.com`)).json()).toEqual({ id: 'ann@example.com' })
    expect(await (await fetch(`${server.url}/files/a/b.js`)).json()).toEqual({ path: 'a/b.js' })
  })
})

describe('cross-site requests and secrets', () => {
  it("refuses a browser's cross-site request without an Origin, unless it opens a page", async () => {
    const server = await serve()
    const get = (site: string, mode: string) =>
      rawRequest(server.port, `GET /items/6 HTTP/1.1\r\nSec-Fetch-Site: ${site}\r\nSec-Fetch-Mode: ${mode}`)
    expect((await get('cross-site', 'no-cors')).status).toBe(403)
    expect((await get('same-site', 'cors')).status).toBe(403)
    expect((await get('cross-site', 'navigate')).status).toBe(200)
    expect((await get('same-origin', 'cors')).status).toBe(200)
    expect((await get('none', 'navigate')).status).toBe(200)
  })

  it('answers a failure without the values of secret environment variables, API keys, tokens or passwords', async () => {
    process.env['HOSTILE_TEST_API_KEY'] = 'sk-live-0123456789abcdef'
    try {
      const server = await serve()
      const { error } = (await (await fetch(`${server.url}/fails`)).json()) as { error: string }
      expect(error).toMatch(/^Request failed: GET .* failed for \*\*\* with Authorization: Bearer \*\*\*/)
      expect(error).not.toMatch(/sk-live|AIza|abcdefghijklmnop|hunter2/)
    } finally {
      delete process.env['HOSTILE_TEST_API_KEY']
    }
  })
})
