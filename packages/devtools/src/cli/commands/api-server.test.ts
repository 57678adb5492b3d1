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
async function serve(args: { sessions?: string; adkWeb?: boolean; port?: number } = {}) {
  const { io, out, err } = capture()
  let stop: () => void = () => undefined
  const stopped = new Promise<void>((resolve) => (stop = resolve))
  const exit = apiServerCommand.execute(
    {
      name: 'api-server',
      file: fixture('writer-critic.ts'),
      exportName: undefined,
      port: args.port ?? 0,
      sessions: args.sessions,
      adkWeb: args.adkWeb ?? false,
      replies: undefined,
    },
    { ...io, stopped },
  )
  await expect.poll(() => out() + err(), { timeout: 15_000 }).toMatch(/at http|adk-fluent: /)
  const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out())?.[1]
  return { url, out, err, stop, exit }
}

describe('adk-fluent api-server', () => {
  it('serves the module as the app named after the file, offline on its mockScript, sessions in a --sessions store', async () => {
    const { url, out, stop, exit } = await serve({ sessions: 'sqlite::memory:' })
    expect(out()).toContain('app "writer-critic" at http://127.0.0.1:')
    expect(out()).toContain(
      'models: offline, the mockScript replies (one script shared by every session); sessions: sqlite::memory:',
    )
    expect(await (await fetch(`${url}/list-apps`)).json()).toEqual(['writer-critic'])
    const session = (await (
      await fetch(`${url}/apps/writer-critic/users/u/sessions`, { method: 'POST', body: '{"state":{"topic":"cats"}}' })
    ).json()) as { id: string }
    const events = (await (
      await fetch(`${url}/run`, {
        method: 'POST',
        body: JSON.stringify({
          appName: 'writer-critic',
          userId: 'u',
          sessionId: session.id,
          newMessage: { parts: [{ text: 'go' }] },
        }),
      })
    ).json()) as { author: string; content: { parts: { text: string }[] } }[]
    expect(events.map((event) => [event.author, event.content.parts[0]?.text])).toEqual([
      ['writer', 'Cats sleep a lot.'],
      ['critic', 'Clear and short.'],
    ])
    const stored = (await (await fetch(`${url}/apps/writer-critic/users/u/sessions/${session.id}`)).json()) as {
      state: Record<string, unknown>
    }
    expect(stored.state).toEqual({ topic: 'cats', draft: 'Cats sleep a lot.' })
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

  it('names the app after the file without its extension', () => {
    expect(appNameOf('agents/support.ts')).toBe('support')
    expect(appNameOf('/abs/path/my_agent.mjs')).toBe('my_agent')
  })
})
