import { afterEach, describe, expect, it } from 'vitest'
import { Agent } from '@adk-fluent/fluent'
import { readSse } from './sse-client.test-helper.js'
import { startWebServer, type WebServer } from './web-server.js'

// Offline (the module's mockScript, no key), every turn of a session is answered: each turn replays the script from
// its first reply (issue 24: the second message used to fail with "ScriptedLlm … has no reply left").

const servers: WebServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function post(server: WebServer, path: string, body: unknown) {
  const response = await fetch(new URL(path, server.url), { method: 'POST', body: JSON.stringify(body) })
  return (await response.json()) as Record<string, string>
}

describe('offline turns in the dev UI', () => {
  it('answers the second and third message of a session as it answered the first', async () => {
    const server = await startWebServer({
      builder: Agent('helper').instruct('Help the user.'),
      module: { mockScript: ['Here to help.'] },
      file: 'helper.ts',
      env: {},
      port: 0,
    })
    servers.push(server)
    expect(server.app.models).toBe('mock-script')
    const session = await post(server, '/api/sessions', {})
    for (const text of ['hi', 'again', 'and again']) {
      const run = await post(server, `/api/sessions/${session['id']}/runs`, { text })
      const { entries } = await readSse(new URL(run['stream'] as string, server.url).href)
      expect(entries.filter((entry) => entry.kind === 'error')).toEqual([])
      expect(entries.filter((entry) => entry.kind === 'text').map((entry) => (entry as { text: string }).text)).toEqual(
        ['Here to help.'],
      )
      expect(entries.at(-1)).toMatchObject({ kind: 'end', ok: true })
    }
  })
})
