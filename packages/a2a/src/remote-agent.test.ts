import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { openSessionService } from '@adk-fluent/sessions'
import { TaskState } from '@a2a-js/sdk'
import { ConfigError, InMemoryRunner, InMemorySessionService } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { RemoteAgent } from './remote-agent.js'
import { RemoteAgentError } from './remote-agent-error.js'
import { RemoteA2aAgent } from './remote-a2a-agent.js'
import { sdkRemotes, startSdkRemote } from './sdk-remote.test-helper.js'
import { wireJson } from './a2a-client.test-helper.js'

const remote = sdkRemotes()

async function caught(promise: Promise<unknown>): Promise<RemoteAgentError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!RemoteAgentError.isInstance(error)) throw new Error(`expected a RemoteAgentError, got ${String(error)}`)
  return error
}

describe('RemoteAgent against an SDK-hosted A2A server', () => {
  it('is a pipeline step: sends the user turn and the .sends keys, writes .receives fields and its answer', async () => {
    const pricer = await remote((_text, data) => ({
      text: `A ${String(data?.['sku'])} costs 42.`,
      data: { price: 42, noise: 1 },
    }))
    const writerLlm = new ScriptedLlm(['It is 42.'])
    const flow = Pipeline('shop')
      .step(Agent('picker', new ScriptedLlm(['A-1'])).writes('sku'))
      .step(RemoteAgent('pricer', pricer.url).sends('sku').receives('price'))
      .step(Agent('writer', writerLlm).instruct('Price: {price}.'))
    const sessionService = new InMemorySessionService()
    const answer = await flow.ask('how much is A-1?', { sessionService, sessionId: 's1' })
    expect(answer).toBe('It is 42.')
    expect(pricer.received).toEqual([
      expect.objectContaining({ text: 'how much is A-1?', data: { sku: 'A-1' }, method: 'stream' }),
    ])
    expect(writerLlm.requests[0]?.config.systemInstruction).toContain('Price: 42.')
    const session = await sessionService.getSession({ appName: 'shop', userId: 'user', sessionId: 's1' })
    const remoteEvent = session?.events.find((event) => event.author === 'pricer')
    expect(remoteEvent?.content?.parts?.[0]?.text).toBe('A A-1 costs 42.')
    expect(remoteEvent?.actions.stateDelta).toEqual({ price: 42 })
    expect(session?.state['noise']).toBeUndefined()
  })

  it('sends one blocking request when the card says the agent cannot stream, or with .streaming(false)', async () => {
    const plain = await remote(() => ({ text: 'plain' }), { streaming: false })
    expect(await RemoteAgent('plain', plain.url).ask('hi')).toBe('plain')
    const streaming = await remote(() => ({ text: 'asked' }))
    expect(await RemoteAgent('asked', streaming.url).streaming(false).ask('hi')).toBe('asked')
    expect([plain.received[0]?.method, streaming.received[0]?.method]).toEqual(['send', 'send'])
  })

  it('accepts a bare message as the answer, a card URL, and a card object', async () => {
    const server = await remote(() => ({ text: 'a message', asMessage: true }))
    expect(await RemoteAgent('by_url', server.url).ask('hi')).toBe('a message')
    expect(await RemoteAgent('by_card_url', `${server.url}.well-known/agent-card.json`).ask('hi')).toBe('a message')
    const card = await wireJson(
      fetch(`${server.url}.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } }),
    )
    const builder = RemoteAgent('by_card', card)
    expect(builder.node.url).toBe(server.url)
    expect(await builder.ask('hi')).toBe('a message')
  })

  it('talks to a remote that speaks only A2A 0.3 (message/stream and message/send)', async () => {
    const legacy = await remote((text, data) => ({ text: `0.3 says ${text}`, data: { echoed: data?.['topic'] } }), {
      legacyOnly: true,
    })
    const agent = RemoteAgent('old', legacy.url).sends('topic').receives('echoed')
    expect(await agent.ask('hi', { state: { topic: 'bees' } })).toBe('0.3 says hi')
    expect(await agent.streaming(false).ask('again', { state: { topic: 'ants' } })).toBe('0.3 says again')
    expect(legacy.received.map((item) => [item.method, item.data])).toEqual([
      ['stream', { topic: 'bees' }],
      ['send', { topic: 'ants' }],
    ])
  })

  it('continues the remote conversation (same contextId) in the same session', async () => {
    const server = await remote((text) => ({ text: `echo ${text}` }))
    const sessionService = new InMemorySessionService()
    const agent = RemoteAgent('echo', server.url)
    await agent.ask('one', { sessionService, sessionId: 's' })
    await agent.ask('two', { sessionService, sessionId: 's' })
    await agent.ask('three', { sessionService, sessionId: 'other' })
    const [first, second, third] = server.received
    expect(second?.contextId).toBe(first?.contextId)
    expect(third?.contextId).not.toBe(first?.contextId)
  })

  it('fails with RemoteAgentError naming the URL: refused, HTTP error, JSON-RPC error, timeout, failed or canceled task', async () => {
    const closed = await startSdkRemote(() => ({ text: '' }))
    await closed.close()
    const refused = await caught(RemoteAgent('gone', closed.url).ask('hi'))
    expect(refused).toMatchObject({ code: 'REMOTE_AGENT_FAILED', failure: 'refused', url: closed.url })
    expect(refused.message).toContain(closed.url)

    const missing = await remote(() => ({ text: '' }))
    const http = await caught(RemoteAgent('lost', `${missing.url}nowhere/card.json`).ask('hi'))
    expect(http.failure).toBe('card-invalid')
    expect(http.message).toContain('404')

    const pointing = (path: string) => ({
      streaming: false,
      card: (card: { supportedInterfaces: { url: string }[] }) => ({
        ...card,
        supportedInterfaces: [{ ...card.supportedInterfaces[0], url: `${card.supportedInterfaces[0]?.url}${path}` }],
      }),
    })
    const rpc = await remote(() => ({ text: '' }), pointing('rpc-error'))
    const rpcError = await caught(RemoteAgent('rpc_broken', rpc.url).ask('hi'))
    expect(rpcError.failure).toBe('json-rpc-error')
    expect(rpcError.message).toContain('the remote broke')

    const broken = await remote(() => ({ text: '' }), pointing('http-500'))
    const httpError = await caught(RemoteAgent('http_broken', broken.url).ask('hi'))
    expect(httpError.failure).toBe('http-error')
    expect(httpError.message).toContain(broken.url)

    const slow = await remote(() => ({ text: 'late', delayMs: 5_000 }))
    const timeout = await caught(RemoteAgent('slow', slow.url).timeout(150).ask('hi'))
    expect(timeout).toMatchObject({ failure: 'timeout' })
    expect(timeout.message).toContain('150 ms')

    const failing = await remote(() => ({ text: 'out of stock', state: TaskState.TASK_STATE_FAILED }))
    const failed = await caught(RemoteAgent('failing', failing.url).ask('hi'))
    expect(failed.failure).toBe('task-failed')
    expect(failed.message).toContain('out of stock')

    const canceling = await remote(() => ({ text: 'stopped', state: TaskState.TASK_STATE_CANCELED }))
    expect((await caught(RemoteAgent('canceling', canceling.url).ask('hi'))).failure).toBe('task-canceled')
  })

  it('leaves a well-formed session after a failure, and the session goes on', async () => {
    let fail = true
    const server = await remote(() => (fail ? { text: 'boom', state: TaskState.TASK_STATE_FAILED } : { text: 'ok' }))
    const sessionService = new InMemorySessionService()
    const flow = Pipeline('flow')
      .step(RemoteAgent('remote', server.url))
      .step(Agent('after', new ScriptedLlm(['done'])))
    await caught(flow.ask('first', { sessionService, sessionId: 's' }))
    const afterFailure = await sessionService.getSession({ appName: 'flow', userId: 'user', sessionId: 's' })
    expect(afterFailure?.events.map((event) => event.author)).toEqual(['user'])
    fail = false
    expect(await flow.ask('second', { sessionService, sessionId: 's' })).toBe('done')
  })

  it('rejects a bad URL or card at the call site, and a bad card at first use', async () => {
    expect(() => RemoteAgent('x', 'not a url')).toThrow(ConfigError)
    expect(() => RemoteAgent('x', 'ftp://host/')).toThrow(/http/)
    expect(() => RemoteAgent('x', { description: 'no name' } as never)).toThrow(/name/)
    const server = await remote(() => ({ text: '' }), { card: () => ({ description: 'nameless' }) })
    const error = await caught(RemoteAgent('nameless', server.url).ask('hi'))
    expect(error.failure).toBe('card-invalid')
    expect(error.message).toMatch(/name/)
  })

  it('asks the remote to cancel its task when the run is cancelled or the call times out', async () => {
    const slow = await remote(() => ({ text: 'late', delayMs: 5_000 }))
    const controller = new AbortController()
    const asked = RemoteAgent('slow', slow.url).ask('hi', { abortSignal: controller.signal })
    await vi.waitFor(() => expect(slow.received).toHaveLength(1))
    // The stream's first update (the task, with its id) reaches the client right after; give it time on a busy machine.
    await new Promise((resolve) => setTimeout(resolve, 300))
    controller.abort()
    await expect(asked).rejects.toMatchObject({ code: 'ABORTED' })
    await vi.waitFor(() => expect(slow.canceled).toHaveLength(1))
    await caught(RemoteAgent('slow', slow.url).timeout(300).ask('again'))
    await vi.waitFor(() => expect(slow.canceled).toHaveLength(2))
  })

  it("a core RemoteA2aAgent sends the user turn's files too, and every request through the fetch it is given", async () => {
    const server = await remote(() => ({ text: 'authorised' }))
    const seen: string[] = []
    const agent = new RemoteA2aAgent({
      name: 'guarded',
      agent: server.url,
      fetch: (input, init) => {
        seen.push(new Headers(init?.headers).get('authorization') ?? 'none')
        return fetch(input, {
          ...init,
          headers: { ...Object.fromEntries(new Headers(init?.headers)), authorization: 'Bearer t' },
        })
      },
    })
    const runner = new InMemoryRunner({ agent })
    const session = await runner.sessionService.createSession({ appName: runner.appName, userId: 'u' })
    const texts: string[] = []
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'hi' }] },
    }))
      texts.push(event.content?.parts?.[0]?.text ?? '')
    expect(texts).toEqual(['authorised'])
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: {
        role: 'user',
        parts: [{ text: 'and this' }, { inlineData: { mimeType: 'image/png', data: 'UE5HIQ==' } }],
      },
    }))
      texts.push(event.content?.parts?.[0]?.text ?? '')
    expect(server.received[1]).toMatchObject({ text: 'and this', files: ['image/png'] })
    expect(texts).toEqual(['authorised', 'authorised'])
    expect(seen.length).toBeGreaterThanOrEqual(2) // the card, then the message
  })

  it('keeps the remote contextId in stored sessions: another process continues the remote conversation', async () => {
    const server = await remote((text) => ({ text: `echo ${text}` }))
    const folder = mkdtempSync(join(tmpdir(), 'remote-agent-'))
    try {
      const uri = `sqlite:${join(folder, 'sessions.db')}`
      const first = openSessionService(uri)
      await RemoteAgent('echo', server.url).ask('one', { sessionService: first, sessionId: 'chat' })
      await first.close()
      const second = openSessionService(uri)
      await RemoteAgent('echo', server.url).ask('two', { sessionService: second, sessionId: 'chat' })
      await second.close()
      expect(server.received[1]?.contextId).toBe(server.received[0]?.contextId)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
