import { afterEach, describe, expect, it } from 'vitest'
import { refundFlow } from './web-fixtures.test-helper.js'
import { startWebServer, type WebServer } from './web-server.js'

// The dev UI's inbox, attacked: the same approval posted twice at once, and answers posted from another site.

const servers: WebServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function post(server: WebServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

async function finished(server: WebServer, runId: string): Promise<void> {
  for (;;) {
    const run = (await (await fetch(new URL(`/api/runs/${runId}`, server.url))).json()) as Record<string, any>
    if (run['finished']) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

async function pausedSession() {
  const { flow, refunds } = refundFlow()
  const server = await startWebServer({ builder: flow, module: {}, file: 'desk.ts', env: {}, port: 0 })
  servers.push(server)
  const session = (await post(server, '/api/sessions', {})).body['id'] as string
  await finished(server, (await post(server, `/api/sessions/${session}/runs`, { text: 'refund 42' })).body['runId'])
  const inbox = (await (await fetch(new URL(`/api/sessions/${session}/interrupts`, server.url))).json()) as Record<
    string,
    any
  >
  const id = inbox['interrupts'][0]['id'] as string
  return { server, refunds, session, id }
}

describe('the dev UI inbox, attacked', () => {
  it('the same approval posted twice at once: one run, the other is refused (409 or 400), the refund runs once', async () => {
    const { server, refunds, session, id } = await pausedSession()
    const path = `/api/sessions/${session}/interrupts`
    const both = await Promise.all([
      post(server, path, { answers: { [id]: true } }),
      post(server, path, { answers: { [id]: true } }),
    ])
    const accepted = both.filter((reply) => reply.status === 202)
    expect(accepted).toHaveLength(1)
    for (const reply of both) expect([202, 400, 409]).toContain(reply.status)
    await finished(server, accepted[0]!.body['runId'])
    expect(refunds).toEqual([42])
  })

  it('an answer posted from another site (its Origin) is refused and runs nothing', async () => {
    const { server, refunds, session, id } = await pausedSession()
    const forged = await post(
      server,
      `/api/sessions/${session}/interrupts`,
      { answers: { [id]: true } },
      { origin: 'http://evil.example' },
    )
    expect(forged.status).toBe(403)
    expect(refunds).toEqual([])
  })
})
