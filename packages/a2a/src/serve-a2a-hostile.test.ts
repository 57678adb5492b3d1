import { afterEach, describe, expect, it } from 'vitest'
import { connect } from 'node:net'
import { gzipSync } from 'node:zlib'
import { TaskState, type Task } from '@a2a-js/sdk'
import { InMemorySessionService } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { serveA2a, type A2aServer, type ServeA2aOptions } from './serve-a2a.js'
import { collect, sdkClient, sendRequest, textOf, userMessage } from './a2a-client.test-helper.js'
import { cleanRpcError, expectClean, rawRequest, rpc } from './raw-http.test-helper.js'
import { publicText } from './public-text.js'

// Issue 39: hostile HTTP requests to the A2A server. Each gets a clean JSON-RPC error; none stops the server or another
// caller's task.

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function serve(llm: ScriptedLlm, options: ServeA2aOptions = {}): Promise<A2aServer> {
  const server = await serveA2a(Agent('echo', llm), { port: 0, ...options })
  servers.push(server)
  return server
}

const message = (text: string) =>
  rpc('message/send', { message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text }] } })

async function stillAnswers(server: A2aServer, expected: string): Promise<void> {
  const client = await sdkClient(server.url)
  const task = (await client.sendMessage(sendRequest(userMessage('still there?')))) as Task
  expect(textOf(task.artifacts[0]?.parts)).toBe(expected)
}

describe('serveA2a under hostile HTTP requests', () => {
  it("refuses a foreign Host (DNS rebinding) and another site's Origin with 403, on the card and JSON-RPC", async () => {
    const server = await serve(new ScriptedLlm(['fine']))
    const { port } = new URL(server.url)
    for (const [path, method] of [
      ['/', 'POST'],
      ['/.well-known/agent-card.json', 'GET'],
    ] as const) {
      for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`, '']) {
        const body = method === 'POST' ? message('hi') : undefined
        const reply = await rawRequest(server.url, { method, path, headers: { host }, body })
        expect(reply.status, `${method} ${path} Host ${host}`).toBe(403)
        expect(cleanRpcError(reply).message).toMatch(/DNS rebinding/)
      }
      const origin = await rawRequest(server.url, {
        method,
        path,
        headers: { origin: 'http://evil.example' },
        body: method === 'POST' ? message('hi') : undefined,
      })
      expect(origin.status).toBe(403)
      expect(cleanRpcError(origin).message).toMatch(/another site/)
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`]) {
      const card = await rawRequest(server.url, {
        method: 'GET',
        path: '/.well-known/agent-card.json',
        headers: { host },
      })
      expect(card.status, host).toBe(200)
    }
    const sameOrigin = await rawRequest(server.url, {
      headers: { origin: `http://127.0.0.1:${port}` },
      body: message('hi'),
    })
    expect(JSON.parse(sameOrigin.text).result.status.state).toBe('completed')
  })

  it('answers the host names given in allowedHosts (or any with "*")', async () => {
    const named = await serve(new ScriptedLlm([]), { allowedHosts: ['agents.example.com'] })
    const ok = await rawRequest(named.cardUrl, { method: 'GET', headers: { host: 'agents.example.com' } })
    expect(ok.status).toBe(200)
    const other = await rawRequest(named.cardUrl, { method: 'GET', headers: { host: 'other.example.com' } })
    expect(other.status).toBe(403)
    const any = await serve(new ScriptedLlm([]), { allowedHosts: '*' })
    expect((await rawRequest(any.cardUrl, { method: 'GET', headers: { host: 'whatever.example' } })).status).toBe(200)
  })

  it('answers an over-limit body with a JSON-RPC error (413), never an HTML page with a stack or paths', async () => {
    const server = await serve(new ScriptedLlm(['still here']))
    const big = message('x'.repeat(5 * 1024 * 1024))
    const reply = await rawRequest(server.url, { body: big })
    expect(reply.status).toBe(413)
    expect(cleanRpcError(reply)).toEqual({
      code: -32600,
      message: "The request body is larger than this server's limit of 4194304 bytes.",
    })
    // The limit holds after decompression too (a small gzip of a large body).
    const zipped = await rawRequest(server.url, { headers: { 'content-encoding': 'gzip' }, body: gzipSync(big) })
    expect(zipped.status).toBe(413)
    cleanRpcError(zipped)
    const small = await serve(new ScriptedLlm([]), { maxBodyBytes: 1000 })
    const over = await rawRequest(small.url, { body: message('y'.repeat(2000)) })
    expect(cleanRpcError(over).message).toBe("The request body is larger than this server's limit of 1000 bytes.")
    await stillAnswers(server, 'still here')
  })

  it('answers malformed, deep, mis-encoded and misrouted requests with clean JSON errors', async () => {
    const server = await serve(new ScriptedLlm(['still here']))
    const cases: [string, Parameters<typeof rawRequest>[1], number, number][] = [
      ['broken JSON', { body: '{"jsonrpc": "2.0", "method": ' }, 200, -32700],
      [
        'deep JSON',
        { body: `{"jsonrpc":"2.0","id":1,"method":"message/send","params":${'['.repeat(5000)}${']'.repeat(5000)}}` },
        400,
        -32600,
      ],
      [
        'deep data part',
        { body: message('hi').replace('"text":"hi"', `"text":"hi","x":${'{"a":'.repeat(200)}1${'}'.repeat(200)}`) },
        400,
        -32600,
      ],
      ['unknown encoding', { headers: { 'content-encoding': 'bogus' }, body: message('hi') }, 415, -32600],
      [
        'bad charset',
        { headers: { 'content-type': 'application/json; charset=latin-9' }, body: message('hi') },
        415,
        -32600,
      ],
      ['bad gzip', { headers: { 'content-encoding': 'gzip' }, body: 'not gzip' }, 400, -32600],
      ['GET /', { method: 'GET' }, 404, -32601],
      ['unknown path', { method: 'POST', path: '/admin/../../etc/passwd', body: message('hi') }, 404, -32601],
      ['bad percent-encoding', { method: 'GET', path: '/%E0%A4%A' }, 404, -32601],
      ['PUT card', { method: 'PUT', path: '/.well-known/agent-card.json', body: '{}' }, 404, -32601],
    ]
    // Answered without the SDK logging a stack (the test setup fails on any console output).
    const unknownVersion = await rawRequest(server.url, { headers: { 'A2A-Version': '9.9' }, body: message('hi') })
    expect(cleanRpcError(unknownVersion)).toMatchObject({ code: -32009, message: expect.stringContaining('"9.9"') })
    for (const [method, version] of [
      ['SubscribeToTask', '1.0'],
      ['tasks/resubscribe', '0.3'],
    ]) {
      const reply = await rawRequest(server.url, {
        headers: { 'A2A-Version': version as string },
        body: rpc(method as string, { id: 'no-such-task' }),
      })
      expect(cleanRpcError(reply), method).toMatchObject({ code: -32001 })
    }
    for (const [name, options, status, code] of cases) {
      const reply = await rawRequest(server.url, options)
      expect(reply.status, name).toBe(status)
      expect(cleanRpcError(reply).code, name).toBe(code)
    }
    await stillAnswers(server, 'still here')
  })

  it("keeps another caller's running task going through hostile requests and a client that hangs up", async () => {
    let release: () => void = () => undefined
    let started: () => void = () => undefined
    const running = new Promise<void>((resolve) => (started = resolve))
    const llm = new ScriptedLlm([
      () => {
        started()
        return new Promise((resolve) => (release = () => resolve('done at last')))
      },
      'next one',
    ])
    const server = await serve(llm, { maxBodyBytes: 10_000 })
    const client = await sdkClient(server.url)
    const updates = collect(client.sendMessageStream(sendRequest(userMessage('long job'))))
    await running
    await rawRequest(server.url, { body: message('z'.repeat(20_000)) })
    await rawRequest(server.url, { body: `${'['.repeat(3000)}` })
    await rawRequest(server.url, { body: rpc('message/send', { message: { contextId: '../x' } }) })
    // A client that sends half a body and hangs up.
    const { port } = new URL(server.url)
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"jsonrpc":`,
        )
        setTimeout(() => {
          socket.destroy()
          resolve()
        }, 20)
      })
    })
    release()
    const last = (await updates).at(-1)?.payload
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    await stillAnswers(server, 'next one')
  })

  it('sends no local path, secret or stack in a failed task, blocking or streamed', async () => {
    const leaky = new InMemorySessionService()
    leaky.getSession = () =>
      Promise.reject(
        new Error(
          'cannot open /home/ana/app/data/sessions.db (postgresql://ana:hunter2@db.internal/app?password=hunter3) with key=AIzaSyA-1234567890abcdefghijklmnop',
        ),
      )
    const server = await serve(new ScriptedLlm([]), { sessionService: leaky })
    const client = await sdkClient(server.url)
    const task = (await client.sendMessage(sendRequest(userMessage('hi')))) as Task
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED)
    const text = textOf(task.status?.message?.parts)
    expect(text).toBe(
      'The run failed: cannot open <path> (postgresql://[redacted]@db.internal/app?password=[redacted]) with key=[redacted]',
    )
    const streamed = JSON.stringify(
      await collect(client.sendMessageStream(sendRequest(userMessage('again')))),
      (_k, v) => (typeof v === 'bigint' ? String(v) : v),
    )
    for (const seen of [text, streamed, JSON.stringify(task)]) {
      expectClean(seen)
      for (const secret of ['/home/ana', 'hunter2', 'hunter3', 'AIzaSyA']) expect(seen).not.toContain(secret)
    }
  })

  it('publishes a card without instructions, state or local paths', async () => {
    const flow = Pipeline('desk')
      .describe('Answers questions.')
      .step(Agent('inner', new ScriptedLlm([])).instruct('The password is hunter2. Files are in /srv/secret/data.'))
    const server = await serveA2a(flow, { port: 0 })
    servers.push(server)
    const card = await rawRequest(server.cardUrl, { method: 'GET', headers: { 'A2A-Version': '1.0' } })
    expect(card.text).not.toContain('hunter2')
    expect(card.text).not.toContain('/srv/secret')
    expectClean(card.text)
  })
})

describe('publicText', () => {
  it('hides paths and secrets but keeps URLs and sentences', () => {
    expect(publicText('failed at http://127.0.0.1:8000/a/b/c and /usr/lib/x.so.')).toBe(
      'failed at http://127.0.0.1:8000/a/b/c and <path>.',
    )
    expect(publicText('C:\\Users\\ana\\app.db missing; Bearer abc.def; sk-abcdefghijkl')).toBe(
      '<path> missing; Bearer [redacted]; [redacted]',
    )
    expect(publicText('\u001b[31mred\u001b[0m\u0007')).toBe('[31mred[0m')
    expect(publicText('x'.repeat(30), 10)).toBe('xxxxxxxxxx… (20 more characters)')
  })
})
