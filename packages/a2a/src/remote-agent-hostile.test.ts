import { describe, expect, it } from 'vitest'
import { InMemorySessionService } from '@adk-fluent/core'
import { RemoteAgent } from './remote-agent.js'
import { RemoteAgentError } from './remote-agent-error.js'
import { RemoteA2aAgent } from './remote-a2a-agent.js'
import { cardFor, drip, hostileRemotes, withCard } from './hostile-remote.test-helper.js'

// Issue 39: a hostile remote (oversized, never-ending, malformed, redirecting, slow) ends a RemoteAgent call in a typed
// error or a timeout, never a hang; what it sends never reaches our errors unbounded.

const remote = hostileRemotes()

async function failure(promise: Promise<unknown>): Promise<RemoteAgentError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!RemoteAgentError.isInstance(error)) throw new Error(`expected a RemoteAgentError, got ${String(error)}`)
  return error
}

const rpcResult = (result: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, result })

describe('RemoteAgent against a hostile remote', () => {
  it('refuses an oversized or never-ending card with a typed error, without reading it all', async () => {
    const endless = await remote((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"name": "')
      drip(response, 'x'.repeat(64 * 1024), 1)
    })
    const error = await failure(RemoteAgent('big', endless.url).timeout(60_000).ask('hi'))
    expect(error).toMatchObject({ failure: 'too-large' })
    expect(error.message).toContain('more than 1048576 bytes')
  })

  it('never follows a redirect, of the card or of a call: a typed error naming where it pointed', async () => {
    const redirecting = await remote((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
      response.end()
    })
    const card = await failure(RemoteAgent('moved', redirecting.url).ask('hi'))
    expect(card).toMatchObject({ failure: 'redirect' })
    expect(card.message).toContain('http://169.254.169.254/latest/meta-data/')
    const call = await remote(
      withCard((_request, response) => {
        response.writeHead(307, { location: 'http://127.0.0.1:1/elsewhere' })
        response.end()
      }),
    )
    const error = await failure(RemoteAgent('moved', call.url).ask('hi'))
    expect(error).toMatchObject({ failure: 'redirect' })
    expect(call.seen.filter((line) => line.startsWith('POST'))).toHaveLength(1)
  })

  it('refuses a card whose interface is not an http(s) URL', async () => {
    const fileCard = await remote((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          ...cardFor(''),
          supportedInterfaces: [{ url: 'file:///etc/passwd', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        }),
      )
    })
    const error = await failure(RemoteAgent('files', fileCard.url).ask('hi'))
    expect(error).toMatchObject({ failure: 'card-invalid' })
    expect(error.message).toMatch(/not an http\(s\) URL/)
  })

  it('times out a remote that never answers, or drips its answer, and a card that never comes', async () => {
    const silent = await remote(withCard(() => undefined))
    expect(await failure(RemoteAgent('silent', silent.url).timeout(200).ask('hi'))).toMatchObject({
      failure: 'timeout',
    })
    const slowCard = await remote(() => undefined)
    expect(await failure(RemoteAgent('nocard', slowCard.url).timeout(200).ask('hi'))).toMatchObject({
      failure: 'timeout',
    })
    const dripping = await remote(
      withCard((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        drip(response, ' ', 20)
      }),
    )
    expect(await failure(RemoteAgent('drip', dripping.url).timeout(300).ask('hi'))).toMatchObject({
      failure: 'timeout',
    })
    const sse = await remote(
      withCard((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        drip(response, ': keep-alive\n\n', 10)
      }, true),
    )
    expect(await failure(RemoteAgent('sse', sse.url).timeout(300).ask('hi'))).toMatchObject({ failure: 'timeout' })
  })

  it("has a timeout even when none is set (ADK's 600 s), so a silent remote cannot hold a run for ever", () => {
    const agent = RemoteAgent('quiet', 'http://127.0.0.1:1/').build() as RemoteA2aAgent
    expect(agent.timeoutMs).toBeUndefined()
    expect(RemoteA2aAgent.DEFAULT_TIMEOUT_MS).toBe(600_000)
  })

  it('refuses an oversized or endless answer (blocking and streamed) with a typed error', async () => {
    const huge = await remote(
      withCard((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write(
          `{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"`,
        )
        drip(response, 'y'.repeat(256 * 1024), 1)
      }),
    )
    const blocking = await failure(RemoteAgent('huge', huge.url).timeout(60_000).ask('hi'))
    expect(blocking).toMatchObject({ failure: 'too-large' })
    const endless = await remote(
      withCard((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        const update = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          result: {
            statusUpdate: {
              taskId: 't',
              contextId: 'c',
              status: {
                state: 'TASK_STATE_WORKING',
                message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'z'.repeat(60_000) }] },
              },
            },
          },
        })
        response.write(
          `data: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } } })}\n\n`,
        )
        drip(response, `data: ${update}\n\n`, 1)
      }, true),
    )
    const streamed = await failure(RemoteAgent('endless', endless.url).timeout(60_000).ask('hi'))
    expect(streamed).toMatchObject({ failure: 'too-large' })
  })

  it('turns malformed answers into typed errors whose text is bounded and free of control characters', async () => {
    const answers: [string, string, number][] = [
      ['not JSON', 'hello <html>', 200],
      ['empty', '', 200],
      ['wrong JSON-RPC', JSON.stringify({ jsonrpc: '2.0', id: 1 }), 200],
      ['result of another shape', rpcResult({ task: { id: 5, status: 'x' } }), 200],
      ['array', '[1,2,3]', 200],
      [
        'huge error',
        JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: `\u001b[31m${'e'.repeat(100_000)}` } }),
        200,
      ],
      ['HTML 500', `<html><body>${'trace '.repeat(20_000)}</body></html>`, 500],
    ]
    for (const [name, body, status] of answers) {
      const bad = await remote(
        withCard((_request, response) => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(body)
        }),
      )
      const error = await failure(RemoteAgent('bad', bad.url).timeout(5_000).ask('hi'))
      if (name === 'result of another shape') expect(error.failure).toBe('malformed')
      expect(error.message.length, name).toBeLessThan(3000)
      expect(error.message, name).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/)
    }
  })

  it('refuses received fields that state cannot keep, and the session stays usable', async () => {
    const deep = JSON.parse(`${'{"a":'.repeat(600)}1${'}'.repeat(600)}`) as unknown
    for (const price of [deep, 'lone \uD800 surrogate']) {
      const bad = await remote(
        withCard((_request, response) => {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(
            rpcResult({
              message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'priced' }, { data: { price } }] },
            }),
          )
        }),
      )
      const sessionService = new InMemorySessionService()
      const agent = RemoteAgent('pricer', bad.url).receives('price').timeout(5_000)
      const error = await failure(agent.ask('price it', { sessionService, sessionId: 's' }))
      expect(error).toMatchObject({ failure: 'malformed' })
      expect(error.message).toMatch(/"price" cannot be kept in state/)
      const session = await sessionService.getSession({ appName: 'pricer', userId: 'user', sessionId: 's' })
      expect(session?.state['price']).toBeUndefined()
    }
  })

  it('one call cancelled while the card loads does not fail another call of the same agent', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slowCard = await remote((request, response, url) => {
      if (request.method === 'GET') {
        void gate.then(() => {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify(cardFor(url)))
        })
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(rpcResult({ message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'answer' }] } }))
    })
    const agent = RemoteAgent('shared', slowCard.url).timeout(10_000)
    const controller = new AbortController()
    const first = agent.ask('one', { abortSignal: controller.signal })
    const second = agent.ask('two')
    await new Promise((resolve) => setTimeout(resolve, 50))
    controller.abort()
    await expect(first).rejects.toMatchObject({ code: 'ABORTED' })
    release()
    expect(await second).toBe('answer')
  })
})
