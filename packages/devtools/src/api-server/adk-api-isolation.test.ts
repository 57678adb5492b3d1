// Callers kept apart on the ADK API server (issue 39): ids that could name a path or hide a character are refused on
// every route and in every body, one user's or app's data (sessions, artifacts, traces, eval sets and results) is
// never served on a route naming another, adk-web's files are the only files served, and Host/Origin are checked on
// every route (runs, streams, files).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InMemoryArtifactService } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { rawRequest } from '../http/raw-request.test-helper.js'

let server: AdkApiServer
let port: number
const artifacts = new InMemoryArtifactService()
const folder = mkdtempSync(join(tmpdir(), 'adk-web-'))

beforeAll(async () => {
  // A built adk-web page, with a secret next to it and links that lead out of it.
  const page = join(folder, 'browser')
  mkdirSync(join(page, 'assets'), { recursive: true })
  writeFileSync(join(page, 'index.html'), '<html>adk-web</html>')
  writeFileSync(join(page, 'assets', 'main.js'), 'console.log(1)')
  writeFileSync(join(folder, 'secret.txt'), 'TOP SECRET')
  symlinkSync(join(folder, 'secret.txt'), join(page, 'leak.txt'))
  symlinkSync(folder, join(page, 'outside'))
  const app = (name: string) =>
    Agent(name)
      .instruct('Answer.')
      .model(new ScriptedLlm(Array.from({ length: 20 }, (_, n) => text(`${name} says private thing ${n}`))))
  server = await startAdkApiServer({
    apps: { alpha: app('alpha'), beta: app('beta') },
    port: 0,
    artifactService: artifacts,
    adkWeb: page,
  })
  port = Number(new URL(server.url).port)
})

afterAll(async () => {
  await server?.close()
})

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const raw = await response.text()
  let parsed: unknown = raw
  try {
    parsed = JSON.parse(raw)
  } catch {
    // text or event stream
  }
  return { status: response.status, body: parsed as Record<string, unknown> & unknown[], raw }
}

const run = (appName: string, userId: string, sessionId: string, words: string) =>
  call('POST', '/run', { appName, userId, sessionId, newMessage: { role: 'user', parts: [{ text: words }] } })

describe('ids with path or hidden characters', () => {
  const bad = ['..', '.', '..%2F..%2Fetc', 'a%5Cb', 'a%2Fb', 'bo%E2%80%8Bb', 'a%E2%80%AEb', 'a%01b', 'x'.repeat(129)]

  it('are refused with 400 on the session, artifact, eval and trace routes, before any store is touched', async () => {
    for (const id of bad)
      for (const path of [
        `/apps/alpha/users/${id}/sessions`,
        `/apps/alpha/users/u/sessions/${id}`,
        `/apps/alpha/users/u/sessions/s/artifacts/${id}`,
        `/apps/alpha/users/${id}/sessions/s/artifacts`,
        `/dev/apps/alpha/eval_sets/${id}`,
        `/dev/apps/alpha/debug/trace/session/${id}`,
      ]) {
        // Raw, so that "." and ".." reach the server as sent.
        const answer = await rawRequest(port, `GET ${path} HTTP/1.1`)
        expect(answer.status, path).toBe(400)
        expect(JSON.parse(answer.body).error, path).toMatch(/^The path segment /)
      }
    expect((await call('POST', '/apps/alpha/users/u%2F..%2Fx/sessions/s1', {})).status).toBe(400)
  })

  it('are refused in bodies: /run, /run_sse and add_session ids', async () => {
    expect((await call('POST', '/apps/alpha/users/u/sessions/s1', {})).status).toBe(200)
    for (const id of ['../u', 'u\\x', 'u\u0000', 'u\u200b', 'u\ud800', 'x'.repeat(129)]) {
      for (const route of ['/run', '/run_sse']) {
        const refused = await call('POST', route, {
          appName: 'alpha',
          userId: id,
          sessionId: 's1',
          newMessage: { parts: [{ text: 'hi' }] },
        })
        expect([refused.status, refused.body['error']], `${route} ${JSON.stringify(id)}`).toEqual([
          400,
          expect.stringMatching(/^"userId" /),
        ])
      }
      expect((await call('POST', '/dev/apps/alpha/eval_sets/ids', undefined)).status).toBeLessThan(500)
      const added = await call('POST', '/dev/apps/alpha/eval_sets/ids/add_session', {
        evalId: 'c1',
        sessionId: id,
        userId: 'u',
      })
      expect([added.status, added.body['error']]).toEqual([400, expect.stringMatching(/^"sessionId" /)])
    }
  })
})

describe("one user's or app's data on a route naming another", () => {
  it('sessions, artifacts, traces and eval results stay with their app and user, also under one session id', async () => {
    for (const [app, user] of [
      ['alpha', 'bob'],
      ['alpha', 'eve'],
      ['beta', 'bob'],
    ] as const)
      expect((await call('POST', `/apps/${app}/users/${user}/sessions/shared`, {})).status).toBe(200)
    expect((await run('alpha', 'bob', 'shared', "bob's card is 4111")).status).toBe(200)
    expect((await run('alpha', 'bob', 'shared', 'second message')).status).toBe(200)
    await artifacts.saveArtifact({
      appName: 'alpha',
      userId: 'bob',
      sessionId: 'shared',
      filename: 'report.txt',
      artifact: { text: "bob's report" },
    })
    // Eve (same app, same session id) and bob in beta see nothing of bob's alpha session.
    for (const [app, user] of [
      ['alpha', 'eve'],
      ['beta', 'bob'],
    ] as const) {
      const base = `/apps/${app}/users/${user}/sessions/shared`
      expect((await call('GET', base)).body['events']).toEqual([])
      expect((await call('GET', `${base}/artifacts`)).body).toEqual([])
      expect((await call('GET', `${base}/artifacts/report.txt`)).status).toBe(404)
      const trace = await call('GET', `/dev/apps/${app}/debug/trace/session/shared?userId=${user}`)
      expect([trace.status, trace.raw], `${app} ${user}`).toEqual([200, '[]'])
    }
    // adk-web's form (app, no user): beta has no trace under that id; alpha has one owner, bob.
    expect((await call('GET', '/dev/apps/beta/debug/trace/session/shared')).raw).toBe('[]')
    const alpha = await call('GET', '/dev/apps/alpha/debug/trace/session/shared')
    expect(alpha.raw).toContain("bob's card")
    // Once two owners ran under one id, a form that does not tell them apart is refused, never merged.
    expect((await run('alpha', 'eve', 'shared', "eve's words")).status).toBe(200)
    for (const path of ['/debug/trace/session/shared', '/dev/apps/alpha/debug/trace/session/shared']) {
      const ambiguous = await call('GET', path)
      expect([ambiguous.status, ambiguous.raw.includes("bob's card")], path).toEqual([409, false])
    }
    const eve = await call('GET', '/dev/apps/alpha/debug/trace/session/shared?userId=eve')
    expect([eve.raw.includes("eve's words"), eve.raw.includes("bob's card")]).toEqual([true, false])
    // An event's trace is found under its own app only.
    const events = (await call('GET', '/apps/alpha/users/bob/sessions/shared')).body['events'] as { id: string }[]
    const eventId = events.at(-1)?.id as string
    expect((await call('GET', `/dev/apps/alpha/debug/trace/${eventId}`)).status).toBe(200)
    expect((await call('GET', `/dev/apps/beta/debug/trace/${eventId}`)).status).toBe(404)
    // Eval sets and results are per app.
    expect((await call('POST', '/dev/apps/alpha/eval_sets/alpha_set')).status).toBe(200)
    const added = await call('POST', '/dev/apps/alpha/eval_sets/alpha_set/add_session', {
      evalId: 'bob_case',
      sessionId: 'shared',
      userId: 'bob',
    })
    expect(added.status).toBe(200)
    expect((await call('POST', '/dev/apps/alpha/eval_sets/alpha_set/run_eval', {})).status).toBe(200)
    expect((await call('GET', '/dev/apps/beta/eval_sets')).body).toEqual([])
    expect((await call('GET', '/dev/apps/beta/eval_results')).body).toEqual([])
    expect((await call('GET', '/dev/apps/beta/eval_sets/alpha_set')).status).toBe(404)
    expect(((await call('GET', '/dev/apps/alpha/eval_results')).body as unknown[]).length).toBe(1)
  })
})

describe("adk-web's files", () => {
  it('are the only files served: traversal (raw, encoded, backslashes) and links out of the folder are 404', async () => {
    expect((await call('GET', '/dev-ui/')).raw).toBe('<html>adk-web</html>')
    expect((await call('GET', '/dev-ui/assets/main.js')).raw).toBe('console.log(1)')
    for (const path of [
      '/dev-ui/../secret.txt',
      '/dev-ui/%2e%2e/secret.txt',
      '/dev-ui/..%2fsecret.txt',
      '/dev-ui/..%5csecret.txt',
      '/dev-ui/..\\secret.txt',
      '/dev-ui/assets/%2e%2e/%2e%2e/secret.txt',
      '/dev-ui/leak.txt',
      '/dev-ui/outside/secret.txt',
      '/dev-ui/%2fetc%2fpasswd',
      '/dev-ui//etc/passwd',
    ]) {
      const answer = await rawRequest(port, `GET ${path} HTTP/1.1`)
      expect([answer.status, answer.body.includes('TOP SECRET')], path).toEqual([404, false])
    }
  })
})

describe('DNS rebinding and cross-site pages', () => {
  it('a foreign Host is refused on every route: runs, streams, files, traces, sessions', async () => {
    for (const request of [
      'GET /dev-ui/ HTTP/1.1',
      'GET /dev-ui/assets/main.js HTTP/1.1',
      'GET /list-apps HTTP/1.1',
      'GET /apps/alpha/users/bob/sessions/shared HTTP/1.1',
      'GET /dev/apps/alpha/debug/trace/session/shared HTTP/1.1',
      'POST /run_sse HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2',
      'POST /run HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2',
    ]) {
      const answer = await rawRequest(
        port,
        `${request}\r\nHost: rebound.example:${port}`,
        request.startsWith('POST') ? '{}' : '',
      )
      expect(answer.status, request).toBe(403)
    }
  })

  it("a cross-origin POST is refused before it runs (403, Google's Python server's answer); a same-origin one runs", async () => {
    const body = {
      appName: 'alpha',
      userId: 'bob',
      sessionId: 'shared',
      newMessage: { parts: [{ text: 'from a page' }] },
    }
    for (const origin of ['http://evil.example', 'null', `http://localhost:${port + 1}`]) {
      const refused = await call('POST', '/run_sse', body, { origin })
      expect(refused.status, origin).toBe(403)
    }
    const refused = await call('POST', '/run', body, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' })
    expect(refused.status).toBe(403)
    const events = (await call('GET', '/apps/alpha/users/bob/sessions/shared')).body['events'] as unknown[]
    expect(JSON.stringify(events)).not.toContain('from a page')
    expect((await call('POST', '/run', body, { origin: `http://127.0.0.1:${port}` })).status).toBe(200)
  })
})
