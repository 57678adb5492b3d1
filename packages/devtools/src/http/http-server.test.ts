import { afterEach, describe, expect, it } from 'vitest'
import { AdkFluentError } from '@adk-fluent/core'
import { readJsonBody } from './body.js'
import { startHttpServer, type HttpServer } from './http-server.js'
import { PortInUseError } from './port-in-use-error.js'
import { rawRequest } from './raw-request.test-helper.js'
import { HttpRequestError } from './request-error.js'
import { Router } from './router.js'

// The shared HTTP layer of `web` and `api-server`, on its own: no request, however malformed, ends the process or
// leaks where the server runs.

const servers: HttpServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function router(): Router {
  return new Router()
    .add('GET', '/items/:id', async ({ params, query }) => ({ id: params['id'], q: query.get('q') }))
    .add('POST', '/items', async ({ request }) => readJsonBody(request, { maxBytes: 100 }))
    .add('GET', '/files/*path', async ({ params }) => ({ path: params['path'] }))
    .add('GET', '/throws', () => {
      throw new Error(`ENOENT: no such file or directory, open '/home/ana/app/secret.txt'\n    at open (node:fs:1:1)`)
    })
    .add('GET', '/rejects', async () => {
      throw new TypeError(`Cannot read properties of undefined (at file:///srv/app/dist/x.js:1:2)`)
    })
}

async function serve(options: { host?: string; allowedHosts?: readonly string[] } = {}): Promise<HttpServer> {
  const server = await startHttpServer({ router: router(), port: 0, host: options.host ?? '127.0.0.1', ...options })
  servers.push(server)
  return server
}

describe('the devtools HTTP server', () => {
  it('answers a request target that is no URL (GET //[) with a JSON 404, and keeps serving', async () => {
    const server = await serve()
    for (const target of ['//[', '//evil.example/items/1', '/items/1/..', '//']) {
      const answer = await rawRequest(server.port, `GET ${target} HTTP/1.1`)
      expect(answer.status, target).toBe(404)
      expect(JSON.parse(answer.body), target).toEqual({ error: `Not found: GET ${target}` })
    }
    // A target that is not a path at all (absolute or asterisk form) is a 400.
    for (const target of ['http://127.0.0.1/items/1', '*']) {
      const answer = await rawRequest(server.port, `GET ${target} HTTP/1.1`)
      expect(answer.status, target).toBe(400)
    }
    expect(await (await fetch(`${server.url}/items/a%20b?q=x`)).json()).toEqual({ id: 'a b', q: 'x' })
  })

  it('decodes and checks path segments once: malformed encoding or a control character is a 400 naming it', async () => {
    const server = await serve()
    for (const [path, error] of [
      ['/items/%E0%A4%A', 'The path segment "%E0%A4%A" has malformed percent-encoding.'],
      ['/items/a%00b', 'The path segment "a%00b" holds a control character.'],
      ['/files/x/%0Ay', 'The path segment "x/%0Ay" holds a control character.'],
    ]) {
      const response = await fetch(server.url + path)
      expect([response.status, await response.json()], path).toEqual([400, { error }])
    }
    expect(await (await fetch(`${server.url}/files/a/b%2Fc.js`)).json()).toEqual({ path: 'a/b/c.js' })
    expect((await fetch(`${server.url}/items`)).status).toBe(405)
  })

  it('answers a handler that throws (at once or later) with a 500 that has no stack trace and no local path', async () => {
    const server = await serve()
    for (const path of ['/throws', '/rejects']) {
      const response = await fetch(server.url + path)
      const body = (await response.json()) as { error: string }
      expect(response.status, path).toBe(500)
      expect(body.error, path).toMatch(/^Request failed: /)
      expect(body.error, path).not.toMatch(/\/home|\/srv|file:|node:fs|\n/)
    }
    expect(await (await fetch(`${server.url}/throws`)).json()).toEqual({
      error: "Request failed: ENOENT: no such file or directory, open '<path>'",
    })
  })

  it('reads bodies once, with one set of rules: size (declared or streamed), media type, JSON', async () => {
    const server = await serve()
    const post = (body: string, headers: Record<string, string> = {}) =>
      rawRequest(
        server.port,
        `POST /items HTTP/1.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}`,
        body,
      )
    const large = `{"a":"${'x'.repeat(200)}"}`
    const declared = await post(large, { 'content-type': 'application/json', 'content-length': String(large.length) })
    const chunked = await post(`${large.length.toString(16)}\r\n${large}\r\n0\r\n\r\n`, {
      'transfer-encoding': 'chunked',
    })
    for (const answer of [declared, chunked]) {
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toEqual({ error: 'The request body is larger than 100 bytes.' })
      expect(answer.headers['connection']).toBe('close')
    }
    const form = await post('a=1', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' })
    expect([form.status, JSON.parse(form.body)]).toEqual([
      415,
      {
        error:
          'The request body must be JSON (Content-Type: application/json), got "application/x-www-form-urlencoded".',
      },
    ])
    const broken = await post('{oops', { 'content-length': '5' })
    expect(broken.status).toBe(400)
    expect(JSON.parse(broken.body).error).toMatch(/^The request body is not JSON: /)
    const fetched = await fetch(`${server.url}/items`, { method: 'POST', body: '{"a":1}' })
    expect([fetched.status, await fetched.json()]).toEqual([200, { a: 1 }])
  })

  it('checks Host and Origin in one place: loopback names on its port, plus the allowed names', async () => {
    const local = await serve()
    const foreign = await rawRequest(local.port, `GET /items/1 HTTP/1.1\r\nHost: rebound.example:${local.port}`)
    expect([foreign.status, JSON.parse(foreign.body)]).toEqual([
      403,
      { error: `Host "rebound.example:${local.port}" is not this local server.` },
    ])
    const named = await serve({ allowedHosts: ['agents.internal'] })
    expect((await rawRequest(named.port, 'GET /items/1 HTTP/1.1\r\nHost: agents.internal')).status).toBe(200)
    expect(
      (
        await rawRequest(
          named.port,
          'GET /items/1 HTTP/1.1\r\nHost: agents.internal\r\nOrigin: https://agents.internal',
        )
      ).status,
    ).toBe(200)
    expect((await rawRequest(named.port, 'GET /items/1 HTTP/1.1\r\nHost: other.internal')).status).toBe(403)
    // A server on another interface checks nothing unless names are given.
    const open = await serve({ host: '0.0.0.0' })
    expect((await rawRequest(open.port, 'GET /items/1 HTTP/1.1\r\nHost: anything.example')).status).toBe(200)
  })

  it('refuses with HttpRequestError (an AdkFluentError with a code and a status) and a taken port with PortInUseError', async () => {
    const error = new HttpRequestError('HTTP_NOT_FOUND', 'Not here.')
    expect([AdkFluentError.isInstance(error), error.code, error.status, error.name]).toEqual([
      true,
      'HTTP_NOT_FOUND',
      404,
      'HttpRequestError',
    ])
    const server = await serve()
    const taken = await startHttpServer({ router: router(), port: server.port, host: '127.0.0.1' }).catch(
      (failure: unknown) => failure,
    )
    expect(PortInUseError.isInstance(taken)).toBe(true)
    expect(taken).toMatchObject({ code: 'PORT_IN_USE', port: server.port })
  })
})
