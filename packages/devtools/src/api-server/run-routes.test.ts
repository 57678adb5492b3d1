// Runs that fail midway, clients that go away, and oversized bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BaseLlm, LlmAgent, SequentialAgent, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { maxBodyBytes } from './api-body.js'

/** Holds every call until aborted; records that it was. */
class HangingLlm extends BaseLlm {
  aborted = 0
  calls = 0
  constructor() {
    super({ model: 'hanging' })
  }

  async *generateContentAsync(
    _request: LlmRequest,
    _stream?: boolean,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    this.calls++
    await new Promise<void>((resolve) => abortSignal?.addEventListener('abort', () => resolve(), { once: true }))
    this.aborted++
    yield { content: { role: 'model', parts: [{ text: 'too late' }] } }
  }
}

let server: AdkApiServer
const hanging = new HangingLlm()

beforeAll(async () => {
  const first = new LlmAgent({ name: 'first', model: new ScriptedLlm([text('one'), text('one')]) })
  const second = new LlmAgent({ name: 'second', model: new ScriptedLlm([]) })
  server = await startAdkApiServer({
    apps: {
      failing: new SequentialAgent({ name: 'failing', subAgents: [first, second] }),
      hanging: new LlmAgent({ name: 'hanging', model: hanging }),
    },
    port: 0,
  })
})

afterAll(async () => {
  await server?.close()
})

async function session(app: string): Promise<string> {
  return (
    (await (await fetch(`${server.url}/apps/${app}/users/u/sessions`, { method: 'POST' })).json()) as { id: string }
  ).id
}

/** POSTs a run of `app` on `sessionId` to `route`. */
const post = (route: string, app: string, sessionId: string, signal?: AbortSignal) =>
  fetch(server.url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appName: app, userId: 'u', sessionId, newMessage: { parts: [{ text: 'hi' }] } }),
    ...(signal ? { signal } : {}),
  })

describe('a run that fails midway', () => {
  it('/run answers 500 "Failed to run agent: …" with the events so far', async () => {
    const id = await session('failing')
    const response = await post('/run', 'failing', id)
    expect(response.status).toBe(500)
    const body = (await response.json()) as { error: string; events: { author: string }[] }
    expect(body.error).toMatch(/^Failed to run agent: ScriptedLlm for agent "second" has no reply left/)
    expect(body.events.map((event) => event.author)).toEqual(['first'])
  })

  it('/run_sse ends the stream with a last data: { error } frame', async () => {
    const id = await session('failing')
    const response = await post('/run_sse', 'failing', id)
    expect(response.status).toBe(200)
    const frames = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>)
    expect(frames.map((frame) => frame['author'] ?? 'error')).toEqual(['first', 'error'])
    expect(frames[1]?.['error']).toMatch(/has no reply left/)
  })
})

describe('a client that goes away', () => {
  it('aborts its run, which gives the session back', async () => {
    const id = await session('hanging')
    const client = new AbortController()
    const pending = post('/run_sse', 'hanging', id, client.signal).catch((error: unknown) => error)
    while (hanging.calls === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    client.abort()
    await pending
    while (hanging.aborted === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    // The session is free again: a new run is not refused as busy (it hangs in turn; this client leaves too).
    const again = new AbortController()
    const next = post('/run', 'hanging', id, again.signal).catch((error: unknown) => error)
    while (hanging.calls === 1) await new Promise((resolve) => setTimeout(resolve, 5))
    again.abort()
    await next
    expect(hanging.calls).toBe(2)
  })
})

describe('an oversized body', () => {
  it('is refused with 413', async () => {
    const response = await fetch(`${server.url}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"pad":"${'x'.repeat(maxBodyBytes)}"}`,
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: `The request body is larger than ${maxBodyBytes} bytes.` })
  })
})
