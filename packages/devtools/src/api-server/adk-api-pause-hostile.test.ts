// Issue 42, attacked: answers to a pause sent by another user, for another session, twice at once, or malformed, to
// the ADK HTTP API. One caller's pause is never resumed, answered or read by another caller, and an approval runs
// its tool once however it is sent.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as core from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { z } from 'zod'
import { startAdkApiServer, type AdkApiServer } from './adk-api-server.js'

// biome-ignore lint: the tests read arbitrary wire JSON.
type Json = any

async function post(base: string, path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const raw = await response.text()
  try {
    return { status: response.status, body: JSON.parse(raw) }
  } catch {
    return {
      status: response.status,
      body: raw
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => JSON.parse(block.slice(6)) as unknown),
    }
  }
}

const refund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
let server: AdkApiServer

/** Each session's script: a user's text asks for refund(42), anything after it (the tool's result) is answered. */
const replyTo = (request: core.LlmRequest) =>
  request.contents.at(-1)?.parts?.some((part) => typeof part.text === 'string')
    ? call('refund', { order: 42 }, 'c1')
    : text('Refunded.')

function refundApp(name: string): core.App {
  const payer = new core.LlmAgent({
    name: 'payer',
    // Every turn asks for the refund of order 42 and then says so: a tool that runs twice is a second payment.
    model: new ScriptedLlm(Array.from({ length: 200 }, () => replyTo)),
    tools: [
      new core.FunctionTool({
        name: 'refund',
        description: 'Refunds an order.',
        parameters: z.object({ order: z.number() }),
        // Slow enough that two answers sent at once overlap (nothing is asserted on time).
        execute: async (args: { order: number }) => {
          await new Promise((resolve) => setTimeout(resolve, 30))
          return refund(args)
        },
        requireConfirmation: true,
      }),
    ],
  })
  return new core.App({ name, rootAgent: payer, resumabilityConfig: { isResumable: true } })
}

beforeAll(async () => {
  const askAmount = new core.FunctionTool({
    name: 'ask_amount',
    description: 'Asks how much.',
    execute: () => new core.RequestInput({ message: 'How much?', responseSchema: z.object({ amount: z.number() }) }),
  })
  const clerk = new core.LlmAgent({
    name: 'clerk',
    model: new ScriptedLlm(
      Array.from(
        { length: 20 },
        () => (request: core.LlmRequest) =>
          request.contents.at(-1)?.parts?.some((part) => typeof part.text === 'string')
            ? call('ask_amount', {}, 'c1')
            : text('Noted.'),
      ),
    ),
    tools: [askAmount],
  })
  server = await startAdkApiServer({
    apps: {
      desk: refundApp('desk'),
      other: refundApp('other'),
      clerk: new core.App({ name: 'clerk', rootAgent: clerk, resumabilityConfig: { isResumable: true } }),
    },
    port: 0,
  })
}, 30_000)
afterAll(async () => {
  await server?.close()
})

/** A session of `userId` (named `sessionId`) paused on the approval of refund(42). */
async function paused(userId: string, sessionId: string, appName = 'desk') {
  await post(server.url, `/apps/${appName}/users/${userId}/sessions/${sessionId}`, {})
  const run = { appName, userId, sessionId }
  const first = await post(server.url, '/run', { ...run, newMessage: { role: 'user', parts: [{ text: 'refund 42' }] } })
  expect(first.status).toBe(200)
  const pause = (first.body as Json[]).at(-1) as Json
  const request = pause['content'].parts[0].functionCall as Json
  expect(request.name).toBe('adk_request_confirmation')
  const approval = (response: Json = { confirmed: true }) => ({
    role: 'user',
    parts: [{ functionResponse: { id: request.id, name: 'adk_request_confirmation', response } }],
  })
  return { run, pause, request, invocationId: pause['invocationId'] as string, approval }
}

async function events(appName: string, userId: string, sessionId: string): Promise<Json[]> {
  const response = await fetch(`${server.url}/apps/${appName}/users/${userId}/sessions/${sessionId}`)
  return response.status === 200 ? ((await response.json()) as Json)['events'] : []
}

describe('another caller cannot resume or answer a pause', () => {
  it("user B's session of the same id: A's approval and A's invocationId resume nothing of A's", async () => {
    refund.mockClear()
    const a = await paused('alice', 'shared')
    await post(server.url, '/apps/desk/users/bob/sessions/shared', {})
    const bob = { appName: 'desk', userId: 'bob', sessionId: 'shared' }
    const answered = await post(server.url, '/run', { ...bob, newMessage: a.approval() })
    expect(answered.status).toBe(400)
    expect(answered.body.error).toMatch(/never asked/)
    const named = await post(server.url, '/run_sse', { ...bob, newMessage: a.approval(), invocationId: a.invocationId })
    expect(named.status).toBe(400)
    expect(named.body.error).toMatch(/holds no invocation/)
    // Nor can B write the request it then approves: only the runtime makes an adk_request_confirmation call.
    const forged = await post(server.url, '/run', {
      ...bob,
      newMessage: { role: 'user', parts: [{ functionCall: { ...a.request } }] },
    })
    expect(forged.status).toBe(400)
    const resumed = await post(server.url, '/run', { ...bob, invocationId: a.invocationId })
    expect(resumed.status).toBe(400)
    expect(resumed.body.error).toMatch(/holds no invocation/)
    expect(refund).not.toHaveBeenCalled()
    expect(await events('desk', 'bob', 'shared')).toEqual([])
    // A's session is as it was: still paused, and A's own approval runs the refund once.
    const mine = await post(server.url, '/run', { ...a.run, newMessage: a.approval() })
    expect(mine.status).toBe(200)
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it("A's session path with B's user id is a 404; another app's session of the same ids is not A's", async () => {
    refund.mockClear()
    const a = await paused('alice2', 's1')
    const asBob = await post(server.url, '/run', { ...a.run, userId: 'bob2', newMessage: a.approval() })
    expect(asBob.status).toBe(404)
    const otherApp = await post(server.url, '/run', { ...a.run, appName: 'other', invocationId: a.invocationId })
    expect(otherApp.status).toBe(404)
    expect(refund).not.toHaveBeenCalled()
  })

  it("an invocationId of another session of the same user resumes nothing and starts nothing under A's id", async () => {
    refund.mockClear()
    const a = await paused('carol', 'first')
    await post(server.url, '/apps/desk/users/carol/sessions/second', {})
    const second = { appName: 'desk', userId: 'carol', sessionId: 'second' }
    const resumed = await post(server.url, '/run', { ...second, invocationId: a.invocationId })
    expect(resumed.status).toBe(400)
    // A new message that names an invocation this session does not hold is refused too: the id is A's.
    const named = await post(server.url, '/run', {
      ...second,
      invocationId: a.invocationId,
      newMessage: { role: 'user', parts: [{ text: 'hello' }] },
    })
    expect(named.status).toBe(400)
    expect(named.body.error).toMatch(/holds no invocation/)
    expect(await events('desk', 'carol', 'second')).toEqual([])
    expect(refund).not.toHaveBeenCalled()
  })
})

describe('an approval runs its tool once', () => {
  it('the same approval sent twice at once (/run and /run_sse): the refund runs once', async () => {
    refund.mockClear()
    const a = await paused('dave', 'race')
    const body = { ...a.run, newMessage: a.approval() }
    const [one, two] = await Promise.all([post(server.url, '/run', body), post(server.url, '/run_sse', body)])
    expect(refund).toHaveBeenCalledTimes(1)
    // The second is refused while the first holds the session (409), or finds the approval answered and runs nothing.
    expect([one.status, two.status]).toContain(200)
    for (const status of [one.status, two.status]) expect([200, 409]).toContain(status)
    const results = (await events('desk', 'dave', 'race'))
      .flatMap((event: Json) => event.content?.parts ?? [])
      .filter((part: Json) => part.functionResponse?.name === 'refund')
    expect(results).toHaveLength(1)
  })

  it('the same approval sent again after the run finished runs nothing again', async () => {
    refund.mockClear()
    const a = await paused('erin', 'again')
    const body = { ...a.run, newMessage: a.approval() }
    expect((await post(server.url, '/run', body)).status).toBe(200)
    const before = await events('desk', 'erin', 'again')
    const again = await post(server.url, '/run', body)
    expect(refund).toHaveBeenCalledTimes(1)
    expect(again.status).toBeLessThan(500)
    const after = await events('desk', 'erin', 'again')
    expect(
      after.flatMap((e: Json) => e.content?.parts ?? []).filter((p: Json) => p.functionResponse?.name === 'refund'),
    ).toHaveLength(
      before.flatMap((e: Json) => e.content?.parts ?? []).filter((p: Json) => p.functionResponse?.name === 'refund')
        .length,
    )
  })

  it('resuming a finished invocation by its id runs no tool again', async () => {
    refund.mockClear()
    const a = await paused('fay', 'done')
    expect((await post(server.url, '/run', { ...a.run, newMessage: a.approval() })).status).toBe(200)
    const again = await post(server.url, '/run', { ...a.run, invocationId: a.invocationId })
    expect(again.status).toBe(200)
    expect(refund).toHaveBeenCalledTimes(1)
  })
})

describe('hostile answers', () => {
  it('__proto__ and constructor keys in an approval payload change no object and run nothing unasked', async () => {
    refund.mockClear()
    const a = await paused('gus', 'proto')
    const raw = JSON.stringify({
      ...a.run,
      newMessage: a.approval({ confirmed: true, payload: { order: 42 } }),
    }).replace('"payload":{', '"payload":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},')
    const answered = await post(server.url, '/run', raw)
    expect(answered.status).toBeLessThan(500)
    expect(({} as Json).polluted).toBeUndefined()
    expect(refund.mock.calls.every(([args]) => (args as Json).order === 42)).toBe(true)
  })

  it('a deeply nested answer is a 4xx and the run stays paused', async () => {
    refund.mockClear()
    const a = await paused('hal', 'deep')
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    const raw = JSON.stringify({ ...a.run, newMessage: a.approval({ confirmed: true, payload: 'X' }) }).replace(
      '"X"',
      deep,
    )
    const answered = await post(server.url, '/run', raw)
    expect(answered.status).toBeGreaterThanOrEqual(400)
    expect(answered.status).toBeLessThan(500)
    expect(refund).not.toHaveBeenCalled()
    expect((await post(server.url, '/run', { ...a.run, newMessage: a.approval() })).status).toBe(200)
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it('invocationId with path and control characters is a 400 that names the field', async () => {
    const a = await paused('ivy', 'ctl')
    for (const invocationId of ['../../etc', 'e-1\r\nX-Injected: 1', 'e\u0000', 'x'.repeat(10_000)]) {
      const answered = await post(server.url, '/run', { ...a.run, invocationId })
      expect(answered.status, JSON.stringify(invocationId)).toBe(400)
      expect(answered.body.error).toMatch(/invocationId/)
    }
  })

  it('a requested input answered with __proto__ keys, or a reply that fails its schema, is a 400; the run stays paused', async () => {
    await post(server.url, '/apps/clerk/users/jo/sessions/in', {})
    const run = { appName: 'clerk', userId: 'jo', sessionId: 'in' }
    const first = await post(server.url, '/run', { ...run, newMessage: { role: 'user', parts: [{ text: 'refund' }] } })
    const request = (first.body as Json[]).at(-1)['content'].parts[0].functionCall as Json
    expect(request.name).toBe('adk_request_input')
    const reply = (response: string) =>
      `{"appName":"clerk","userId":"jo","sessionId":"in","newMessage":{"role":"user","parts":[{"functionResponse":{"id":"${request.id}","name":"adk_request_input","response":${response}}}]}}`
    const stored = async () => (await events('clerk', 'jo', 'in')).length
    const before = await stored()
    for (const response of ['{"__proto__":{"amount":12}}', '{"constructor":{"amount":12}}', '{"amount":"12"}']) {
      const answered = await post(server.url, '/run', reply(response))
      expect(answered.status, response).toBe(400)
      expect(answered.body.error, response).toMatch(/amount/)
    }
    expect(({} as Json).amount).toBeUndefined()
    expect(await stored()).toBe(before)
    const right = await post(server.url, '/run', reply('{"amount":12}'))
    expect(right.status).toBe(200)
    expect((right.body as Json[]).at(-1)['content'].parts[0].text).toBe('Noted.')
  })

  it('a body over the size limit is a 413 and stores nothing', async () => {
    const a = await paused('kim', 'huge')
    const before = (await events('desk', 'kim', 'huge')).length
    const big = await post(server.url, '/run', {
      ...a.run,
      newMessage: a.approval({ confirmed: true, payload: { order: 42, note: 'x'.repeat(64 * 1024 * 1024) } }),
    })
    expect(big.status).toBe(413)
    expect((await events('desk', 'kim', 'huge')).length).toBe(before)
  })
})
