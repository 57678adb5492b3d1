import { afterEach, describe, expect, it } from 'vitest'
import { call } from '@adk-fluent/core/testing'
import { Agent, T } from '@adk-fluent/fluent'
import { z } from 'zod'
import { refundFlow } from './web-fixtures.test-helper.js'
import type { TraceEntry } from './trace-entry.js'
import { startWebServer, type WebServer } from './web-server.js'

// The dev UI's inbox routes: a paused run's pending interrupts, listed and answered (docs/web-api.md).

const servers: WebServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(): Promise<{ server: WebServer; refunds: number[] }> {
  const { flow, refunds } = refundFlow()
  const server = await startWebServer({ builder: flow, module: {}, file: 'desk.ts', env: {}, port: 0 })
  servers.push(server)
  return { server, refunds }
}

async function json(server: WebServer, path: string, body?: unknown) {
  const init =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const response = await fetch(new URL(path, server.url), init)
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

/** The entries of a run once it ended. */
async function finished(server: WebServer, runId: string): Promise<TraceEntry[]> {
  for (;;) {
    const run = await json(server, `/api/runs/${runId}`)
    if (run.body['finished']) return run.body['entries'] as TraceEntry[]
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

async function turn(server: WebServer, sessionId: string, text: string): Promise<TraceEntry[]> {
  const run = await json(server, `/api/sessions/${sessionId}/runs`, { text })
  expect(run.status).toBe(202)
  return finished(server, run.body['runId'])
}

async function answer(server: WebServer, sessionId: string, answers: Record<string, unknown>) {
  const run = await json(server, `/api/sessions/${sessionId}/interrupts`, { answers })
  expect(run.status, JSON.stringify(run.body)).toBe(202)
  return finished(server, run.body['runId'])
}

const inbox = async (server: WebServer, sessionId: string) =>
  (await json(server, `/api/sessions/${encodeURIComponent(sessionId)}/interrupts`)).body['interrupts'] as Record<
    string,
    any
  >[]

describe('the dev UI inbox', () => {
  it('lists a pause, approves it (the refund runs once), then a second pause of the session is refused', async () => {
    const { server, refunds } = await serve()
    const session = (await json(server, '/api/sessions', {})).body['id'] as string
    const first = await turn(server, session, 'refund 42')
    expect(first.map((entry) => entry.kind)).toContain('tool-call')
    const [approval, ...others] = await inbox(server, session)
    expect(others).toEqual([])
    expect(approval).toMatchObject({
      kind: 'confirmation',
      tool: 'refund',
      args: { order: 42 },
      message: 'Refund this order?',
      agent: 'desk',
    })
    expect(refunds).toEqual([])

    const resumed = await answer(server, session, { [approval!['id']]: true })
    expect(resumed[0]).toMatchObject({ kind: 'tool-result', agent: 'user', name: 'adk_request_confirmation' })
    expect(resumed).toContainEqual(expect.objectContaining({ kind: 'tool-result', name: 'refund' }))
    expect(resumed.at(-2)).toMatchObject({ kind: 'text', text: 'Done: {"refunded":42}' })
    expect(refunds).toEqual([42])
    expect(await inbox(server, session)).toEqual([])

    // The same answer again: that interrupt is no longer pending, and nothing runs.
    const again = await json(server, `/api/sessions/${session}/interrupts`, { answers: { [approval!['id']]: true } })
    expect(again.status).toBe(400)
    expect(again.body['error']).toContain(`"${approval!['id']}" is not a pending interrupt`)

    // A second pause in the same session: only the new one is listed; refused with a payload, it never runs.
    await turn(server, session, 'refund 7')
    const [second, ...rest] = await inbox(server, session)
    expect(rest).toEqual([])
    expect(second).toMatchObject({ kind: 'confirmation', tool: 'refund', args: { order: 7 } })
    expect(second!['id']).not.toBe(approval!['id'])
    const refused = await answer(server, session, { [second!['id']]: { confirmed: false, payload: { why: 'fraud' } } })
    expect(refused[0]).toMatchObject({
      kind: 'tool-result',
      response: { confirmed: false, payload: { why: 'fraud' } },
    })
    expect(refused).toContainEqual(
      expect.objectContaining({
        kind: 'tool-result',
        name: 'refund',
        response: { error: 'This tool call is rejected.' },
      }),
    )
    expect(refunds).toEqual([42])
  })

  it("keeps sessions apart: a second session neither sees nor answers the first one's interrupts", async () => {
    const { server, refunds } = await serve()
    const first = (await json(server, '/api/sessions', {})).body['id'] as string
    const second = (await json(server, '/api/sessions', {})).body['id'] as string
    await turn(server, first, 'refund 1')
    const [pending] = await inbox(server, first)
    expect(await inbox(server, second)).toEqual([])
    const wrong = await json(server, `/api/sessions/${second}/interrupts`, { answers: { [pending!['id']]: true } })
    expect(wrong.status).toBe(400)
    expect(wrong.body['error']).toContain('The session has no pending interrupts.')
    expect(refunds).toEqual([])
    expect(await inbox(server, first)).toHaveLength(1)
  })

  it('answers the pauses of one invocation at a time when a session holds two', async () => {
    const { server, refunds } = await serve()
    const session = (await json(server, '/api/sessions', {})).body['id'] as string
    await turn(server, session, 'refund 1')
    await turn(server, session, 'refund 2')
    const pending = await inbox(server, session)
    expect(pending.map((item) => item['args'])).toEqual([{ order: 1 }, { order: 2 }])
    const both = Object.fromEntries(pending.map((item) => [item['id'], true]))
    const refused = await json(server, `/api/sessions/${session}/interrupts`, { answers: both })
    expect(refused.status).toBe(400)
    expect(refused.body['error']).toContain('belong to 2 invocations')
    expect(refunds).toEqual([])
    await answer(server, session, { [pending[1]!['id']]: true })
    expect(refunds).toEqual([2])
    expect((await inbox(server, session)).map((item) => item['args'])).toEqual([{ order: 1 }])
  })

  it('refuses bad answers before anything is stored, naming the interrupt and the fix', async () => {
    const { server } = await serve()
    const session = (await json(server, '/api/sessions', {})).body['id'] as string
    await turn(server, session, 'how much?')
    const [input] = await inbox(server, session)
    expect(input).toMatchObject({ kind: 'input', tool: 'ask_amount', message: 'How much should we refund?' })
    expect(input!['responseSchema']).toMatchObject({ type: 'object', properties: { amount: { type: 'number' } } })
    const events = (await json(server, `/api/sessions/${session}`)).body['eventCount']

    const cases: [unknown, string][] = [
      [{ answers: { [input!['id']]: { amount: 'ten' } } }, input!['id']],
      [{ answers: { nope: true } }, '"nope" is not a pending interrupt'],
      [{ answers: {} }, 'no answers were given'],
      [{ answers: [true] }, '"answers" must be a JSON object'],
      [{}, '"answers" must be a JSON object'],
    ]
    for (const [body, message] of cases) {
      const refused = await json(server, `/api/sessions/${session}/interrupts`, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body['error']).toContain(message)
    }
    expect((await json(server, `/api/sessions/${session}`)).body['eventCount']).toBe(events)
    expect(await inbox(server, session)).toHaveLength(1)

    const done = await answer(server, session, { [input!['id']]: { amount: 10 } })
    expect(done.at(-2)).toMatchObject({ kind: 'text', text: 'Done: {"amount":10}' })
  })

  it('offline, the answers resume the paused turn on its own script (not a fresh one), and the next turn replays it', async () => {
    const refunds: number[] = []
    const builder = Agent('desk')
      .instruct('Refund orders when asked.')
      .tools(
        T.confirm(
          T.fn(({ order }: { order: number }) => (refunds.push(order), { refunded: order }), {
            name: 'refund',
            parameters: z.object({ order: z.number() }),
          }),
        ),
      )
    const server = await startWebServer({
      builder,
      module: { mockScript: [call('refund', { order: 5 }), 'Refunded order 5.'] },
      file: 'desk.ts',
      env: {},
      port: 0,
    })
    servers.push(server)
    expect(server.app.models).toBe('mock-script')
    const session = (await json(server, '/api/sessions', {})).body['id'] as string
    for (let round = 1; round <= 2; round++) {
      await turn(server, session, 'refund 5')
      const [approval] = await inbox(server, session)
      const resumed = await answer(server, session, { [approval!['id']]: true })
      expect(resumed.filter((entry) => entry.kind === 'error')).toEqual([])
      expect(resumed.at(-2)).toMatchObject({ kind: 'text', text: 'Refunded order 5.' })
      expect(refunds).toHaveLength(round)
    }
  })

  it('answers 404 for an unknown session and 400 for a malformed id, as the other routes do', async () => {
    const { server } = await serve()
    expect((await json(server, '/api/sessions/nope/interrupts')).status).toBe(404)
    expect((await json(server, '/api/sessions/nope/interrupts', { answers: { a: true } })).status).toBe(404)
    expect((await json(server, '/api/sessions/%E0%A4%A/interrupts')).status).toBe(400)
    expect((await json(server, '/api/sessions/a%01b/interrupts')).status).toBe(400)
  })
})
