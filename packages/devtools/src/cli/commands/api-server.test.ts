import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { runCli, type CliIo } from '../main.js'
import { fixture } from '../run-bin.test-helper.js'
import { apiServerCommand, appNameOf } from './api-server.js'

function capture(): { io: CliIo; out: () => string; err: () => string } {
  let out = ''
  let err = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: {},
    cwd: process.cwd(),
  }
  return { io, out: () => out, err: () => err }
}

/** Starts the command; resolves with its URL, a stop function and its exit code. */
async function serve(
  args: { sessions?: string; adkWeb?: boolean; port?: number; replies?: string; file?: string } = {},
) {
  const { io, out, err } = capture()
  let stop: () => void = () => undefined
  const stopped = new Promise<void>((resolve) => (stop = resolve))
  const exit = apiServerCommand.execute(
    {
      name: 'api-server',
      file: args.file ?? fixture('writer-critic.ts'),
      exportName: undefined,
      port: args.port ?? 0,
      sessions: args.sessions,
      adkWeb: args.adkWeb ?? false,
      replies: args.replies,
    },
    { ...io, stopped },
  )
  await expect.poll(() => out() + err(), { timeout: 15_000 }).toMatch(/at http|adk-fluent: /)
  const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out())?.[1]
  return { url, out, err, stop, exit }
}

// biome-ignore lint: the tests read arbitrary wire JSON.
type Json = any

type EventJson = { author: string; content?: { parts?: { text?: string }[] }; partial?: boolean }

/** One turn of a session as `[author, text]` rows: `POST /run`, or `POST /run_sse` as adk-web sends it. */
async function turn(
  url: string,
  sessionId: string,
  text: string,
  route: '/run' | '/run_sse' = '/run',
  appName = 'writer-critic',
) {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      appName,
      userId: 'u',
      sessionId,
      newMessage: { role: 'user', parts: [{ text }] },
      ...(route === '/run_sse' ? { streaming: false, stateDelta: null } : {}),
    }),
  })
  const body = await response.text()
  expect(response.status, body).toBe(200)
  const events: EventJson[] =
    route === '/run'
      ? (JSON.parse(body) as EventJson[])
      : body
          .split('\n\n')
          .filter((frame) => frame.startsWith('data: '))
          .map((frame) => JSON.parse(frame.slice(6)) as EventJson)
  return events.filter((event) => !event.partial).map((event) => [event.author, event.content?.parts?.[0]?.text])
}

async function newSession(url: string, appName = 'writer-critic'): Promise<string> {
  const created = await fetch(`${url}/apps/${appName}/users/u/sessions`, {
    method: 'POST',
    body: '{"state":{"topic":"cats"}}',
  })
  return ((await created.json()) as { id: string }).id
}

const answered = [
  ['writer', 'Cats sleep a lot.'],
  ['critic', 'Clear and short.'],
]

describe('adk-fluent api-server', () => {
  it('serves the module as the app named after the file, offline on its mockScript, sessions in a --sessions store', async () => {
    const { url, out, stop, exit } = await serve({ sessions: 'sqlite::memory:' })
    expect(out()).toContain('app "writer-critic" at http://127.0.0.1:')
    expect(out()).toContain(
      'models: offline, the mockScript replies (every turn replays them from the first); sessions: sqlite::memory:',
    )
    expect(await (await fetch(`${url}/list-apps`)).json()).toEqual(['writer-critic'])
    const session = await newSession(url as string)
    expect(await turn(url as string, session, 'go')).toEqual(answered)
    const stored = (await (await fetch(`${url}/apps/writer-critic/users/u/sessions/${session}`)).json()) as {
      state: Record<string, unknown>
    }
    expect(stored.state).toEqual({ topic: 'cats', draft: 'Cats sleep a lot.' })
    stop()
    expect(await exit).toBe(0)
  })

  it('answers the second message of a session, a second session and turns at the same time (each replays the script)', async () => {
    const { url, stop, exit } = await serve()
    const at = url as string
    const session = await newSession(at)
    expect(await turn(at, session, 'go')).toEqual(answered)
    // The second message: "ScriptedLlm … has no reply left" (500) before every run got its own copy of the script.
    expect(await turn(at, session, 'again')).toEqual(answered)
    // adk-web's route: POST /run_sse with { streaming: false }.
    expect(await turn(at, session, 'and again', '/run_sse')).toEqual(answered)
    const [other, third] = await Promise.all([newSession(at), newSession(at)])
    const both = await Promise.all([turn(at, other, 'go', '/run_sse'), turn(at, third, 'go')])
    expect(both).toEqual([answered, answered])
    stop()
    expect(await exit).toBe(0)
  })

  it('says where offline replies come from: a --replies file', async () => {
    const replies = fixture('writer-critic-replies.json')
    const { url, out, stop, exit } = await serve({ replies })
    expect(out()).toContain(`models: offline, the replies of ${replies} (every turn replays them from the first)`)
    expect(out()).not.toContain('mockScript')
    const session = await newSession(url as string)
    for (const text of ['go', 'again'])
      expect(await turn(url as string, session, text)).toEqual([
        ['writer', 'Cats sleep sixteen hours a day.'],
        ['critic', 'Clear and short.'],
      ])
    stop()
    expect(await exit).toBe(0)
  })

  it('answers every message of agents with their own .mock() script (each run builds the tree anew)', async () => {
    const { url, out, stop, exit } = await serve({ file: fixture('mocked-greeter.ts') })
    expect(out()).toContain("models: the agents' own models")
    const at = url as string
    const session = await newSession(at, 'mocked-greeter')
    // The second message: "ScriptedLlm … has no reply left" (500) while every run shared the one built tree.
    for (const text of ['hi', 'hi again'])
      expect(await turn(at, session, text, '/run', 'mocked-greeter')).toEqual([['greeter', 'Hello!']])
    const other = await newSession(at, 'mocked-greeter')
    expect(await turn(at, other, 'hi', '/run_sse', 'mocked-greeter')).toEqual([['greeter', 'Hello!']])
    stop()
    expect(await exit).toBe(0)
  })

  it('serves adk-web at /dev-ui/ with --adk-web', async () => {
    const { url, out, stop, exit } = await serve({ adkWeb: true })
    expect(out()).toContain(`adk-web: ${url}/dev-ui/`)
    expect((await fetch(`${url}/`, { redirect: 'manual' })).headers.get('location')).toBe('/dev-ui/')
    const page = await fetch(`${url}/dev-ui/`)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('<app-root>')
    expect((await fetch(`${url}/dev-ui/..%2f..%2fpackage.json`)).status).toBe(404)
    stop()
    expect(await exit).toBe(0)
  })

  it('says so when the port is taken (exit 1)', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as AddressInfo).port
    try {
      const { err, exit } = await serve({ port })
      expect(await exit).toBe(1)
      expect(err()).toBe(`adk-fluent: port ${port} on 127.0.0.1 is already in use. Pick another with --port <n>.\n`)
    } finally {
      taken.close()
    }
  })

  it('is listed in --help and refuses bad usage (exit 2)', async () => {
    const help = capture()
    expect(await runCli(['--help'], help.io)).toBe(0)
    expect(help.out()).toContain('  api-server <file> [--port 8000] [--sessions uri] [--adk-web]')
    for (const [argv, message] of [
      [['api-server'], '"api-server" needs a file'],
      [['api-server', fixture('writer-critic.ts'), '--port', 'x'], '--port must be a port number'],
      [['api-server', fixture('writer-critic.ts'), '--web'], 'unknown option --web for "api-server"'],
      [['api-server', fixture('needs-model.ts')], 'GOOGLE_API_KEY is not set'],
    ] as const) {
      const { io, err } = capture()
      expect(await runCli(argv, io), argv.join(' ')).toBe(2)
      expect(err()).toContain(message)
    }
  })

  it('serves an exported core App under its name: its plugin runs, a confirmation pauses and resumes, a second message', async () => {
    const { url, out, stop, exit } = await serve({ file: fixture('desk-app.ts') })
    expect(out()).toContain('app "desk" (App "desk" (export app)) at http://127.0.0.1:')
    expect(out()).toContain("models: the agents' own models")
    const at = url as string
    expect(await (await fetch(`${at}/list-apps`)).json()).toEqual(['desk'])
    const session = await newSession(at, 'desk')
    const post = async (body: Record<string, unknown>) => {
      const response = await fetch(`${at}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ appName: 'desk', userId: 'u', sessionId: session, ...body }),
      })
      const text = await response.text()
      expect(response.status, text).toBe(200)
      return JSON.parse(text) as Json[]
    }
    const first = await post({ newMessage: { role: 'user', parts: [{ text: 'Refund order 42' }] } })
    const pause = first.at(-1) as Json
    const request = pause.content.parts[0].functionCall as Json
    expect(request.name).toBe('adk_request_confirmation')
    expect(pause.longRunningToolIds).toEqual([request.id])
    // adk-web's answer: the functionResponse to the confirmation, with the paused invocation's id (the App is resumable).
    const second = await post({
      newMessage: {
        role: 'user',
        parts: [
          { functionResponse: { id: request.id, name: 'adk_request_confirmation', response: { confirmed: true } } },
        ],
      },
      invocationId: pause.invocationId,
    })
    expect(second.map((event) => event.invocationId)).toEqual(second.map(() => pause.invocationId))
    const parts = second.flatMap((event) => event.content?.parts ?? [])
    expect(parts.find((part: Json) => part.functionResponse?.name === 'refund')?.functionResponse.response).toEqual({
      refunded: 42,
      refunds: 1,
    })
    // The App's plugin marks the model's text.
    expect(second.at(-1)?.content.parts[0].text).toBe('Refunded order 42. [audited]')
    const third = await post({ newMessage: { role: 'user', parts: [{ text: 'Thanks' }] } })
    expect(third.map((event) => [event.author, event.content?.parts?.[0]?.text])).toEqual([
      ['desk', 'Anything else? [audited]'],
    ])
    // The tool ran once in the whole session.
    const stored = (await (await fetch(`${at}/apps/desk/users/u/sessions/${session}`)).json()) as { events: Json[] }
    const refunds = stored.events.flatMap((event) =>
      (event.content?.parts ?? []).filter((part: Json) => part.functionResponse?.name === 'refund'),
    )
    expect(refunds).toHaveLength(1)
    stop()
    expect(await exit).toBe(0)
  })

  it("serves a core rootAgent under the agent's name when the module has no App and no builder", async () => {
    const { url, out, stop, exit } = await serve({ file: fixture('desk-agent.ts') })
    expect(out()).toContain('app "clerk" (agent "clerk" (export rootAgent)) at')
    const at = url as string
    const session = await newSession(at, 'clerk')
    expect(await turn(at, session, 'hi', '/run', 'clerk')).toEqual([['clerk', 'Hello.']])
    expect(await turn(at, session, 'hi again', '/run_sse', 'clerk')).toEqual([['clerk', 'Hello again.']])
    stop()
    expect(await exit).toBe(0)
  })

  it('refuses --replies for an App, an App on a model name without a key, and a module with nothing to serve (exit 2)', async () => {
    for (const [argv, message] of [
      [
        ['api-server', fixture('desk-app.ts'), '--replies', fixture('writer-critic-replies.json')],
        `--replies ${fixture('writer-critic-replies.json')} does not apply to App "desk" (export app)`,
      ],
      [
        ['api-server', fixture('named-app.ts')],
        'agent "helper" of App "named" (export rootApp) runs on "gemini-2.5-flash" but GOOGLE_API_KEY is not set',
      ],
      [['api-server', fixture('named-app.ts')], 'mockScript does not apply to an App'],
      [
        ['api-server', fixture('no-builder.ts')],
        `${fixture('no-builder.ts')} exports no fluent builder, core App or core rootAgent.`,
      ],
    ] as const) {
      const { io, err } = capture()
      expect(await runCli(argv, io), argv.join(' ')).toBe(2)
      expect(err()).toContain(message)
    }
  })

  it('names the app after the file without its extension', () => {
    expect(appNameOf('agents/support.ts')).toBe('support')
    expect(appNameOf('/abs/path/my_agent.mjs')).toBe('my_agent')
  })
})
