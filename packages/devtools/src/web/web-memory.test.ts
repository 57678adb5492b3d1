import { afterEach, describe, expect, it } from 'vitest'
import { InMemoryMemoryService } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { startWebServer, type WebServer } from './web-server.js'
import { openMemory } from './open-sessions.js'
import { webCommand } from '../cli/commands/web.js'

// The memory routes of docs/web-api.md, without a browser.

const servers: WebServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function call(server: WebServer, path: string, body?: unknown) {
  const response = await fetch(
    new URL(path, server.url),
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  )
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

/** Runs one turn in a new session and waits for its end; the session id. */
async function turn(server: WebServer, text: string): Promise<string> {
  const session = await call(server, '/api/sessions', {})
  const run = await call(server, `/api/sessions/${session.body['id']}/runs`, { text })
  for (;;) {
    const state = await call(server, `/api/runs/${run.body['runId']}`)
    if (state.body['finished']) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return session.body['id'] as string
}

describe('the dev UI memory API', () => {
  it('adds a session to memory, searches it, and a later session preloads it', async () => {
    const llm = new ScriptedLlm(['Noted: Lisbon.', 'You live in Lisbon.'])
    const memoryService = new InMemoryMemoryService()
    const builder = Agent('assistant').model(llm).instruct('Help the user.').memory()
    const server = await startWebServer({ builder, module: {}, file: 'x.ts', env: {}, port: 0, memoryService })
    servers.push(server)
    expect((await call(server, '/api/app')).body['memory']).toBe('memory:')

    const first = await turn(server, 'I live in Lisbon.')
    expect((await call(server, '/api/memories?query=Lisbon')).body['memories']).toEqual([])
    const added = await call(server, `/api/sessions/${first}/memory`, {})
    expect(added).toEqual({ status: 200, body: { sessionId: first, memories: 2 } })

    const found = await call(server, '/api/memories?query=where%20Lisbon')
    expect(found.body['query']).toBe('where Lisbon')
    expect(
      found.body['memories'].map((memory: any) => [
        memory.author,
        memory.content.parts[0].text,
        typeof memory.timestamp,
      ]),
    ).toEqual([
      ['user', 'I live in Lisbon.', 'string'],
      ['assistant', 'Noted: Lisbon.', 'string'],
    ])
    // The service given to the server is the one the runs and the routes use.
    expect(
      (await memoryService.searchMemory({ appName: 'assistant', userId: 'user', query: 'Lisbon' })).memories,
    ).toHaveLength(2)

    await turn(server, 'Do I live in Lisbon?')
    expect(llm.requests[1]?.config.systemInstruction).toContain('user: I live in Lisbon.')
  })

  it('refuses a bad limit and an unknown session; a query without words finds nothing', async () => {
    const server = await startWebServer({
      builder: Agent('a').model(new ScriptedLlm([])),
      module: {},
      file: 'x.ts',
      env: {},
      port: 0,
    })
    servers.push(server)
    expect((await call(server, '/api/memories?query=x&limit=0')).status).toBe(400)
    expect((await call(server, '/api/memories?query=x&limit=abc')).body['error']).toMatch(/"limit" must be an integer/)
    expect((await call(server, '/api/sessions/nope/memory', {})).status).toBe(404)
    expect((await call(server, '/api/memories?query=%22%20OR%20*')).body['memories']).toEqual([])
    const page = await (await fetch(new URL('/ui/memory.js', server.url))).text()
    expect(page).toContain('/api/memories?query=')
  })

  it('`web --memory <uri>` opens the memory store of @adk-fluent/sessions', async () => {
    const parsed = webCommand.parse({
      positional: ['agent.ts'],
      options: new Map([['memory', 'sqlite::memory:']]),
    })
    expect(parsed).toMatchObject({ name: 'web', memory: 'sqlite::memory:' })
    const opened = await openMemory('sqlite::memory:')
    expect(opened.uri).toBe('sqlite::memory:')
    expect(opened.service.constructor.name).toBe('SqliteMemoryService')
    await opened.close()
    expect((await openMemory(undefined)).uri).toBe('memory:')
  })
})
