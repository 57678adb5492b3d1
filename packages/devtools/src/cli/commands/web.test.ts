import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, type CliIo } from '../main.js'
import { fixture } from '../run-bin.test-helper.js'
import { webCommand } from './web.js'

function capture(env: Record<string, string | undefined> = {}): { io: CliIo; out: () => string; err: () => string } {
  let out = ''
  let err = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env,
    cwd: process.cwd(),
  }
  return { io, out: () => out, err: () => err }
}

/** `adk-fluent web` on writer-critic.ts (or `file`, port 0) until `stop()`; `exit` is its exit code. */
function serve(options: { sessions: string; session: string | undefined; memory?: string; file?: string }, io: CliIo) {
  let stop: () => void = () => undefined
  const stopped = new Promise<void>((resolve) => (stop = resolve))
  const exit = webCommand.execute(
    {
      name: 'web',
      file: fixture('writer-critic.ts'),
      exportName: undefined,
      port: 0,
      replies: undefined,
      memory: undefined,
      ...options,
    },
    { ...io, stopped },
  )
  return { exit, stop }
}

const scratch = mkdtempSync(join(tmpdir(), 'adk-fluent-web-'))

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('adk-fluent web', { timeout: 90_000 }, () => {
  it('serves a module offline on its mockScript: prints the URL, opens --session in a --sessions store, a chat turn runs; stops cleanly', async () => {
    const { io, out } = capture()
    const { exit, stop } = serve({ sessions: 'sqlite::memory:', session: 'first' }, io)
    await expect
      .poll(out, { timeout: 60_000 })
      .toMatch(/^adk-fluent web: writer_then_critic at http:\/\/127\.0\.0\.1:\d+\/\n/)
    const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out())?.[1] as string
    expect(out()).toContain(
      'models: offline, the mockScript replies (every turn replays them from the first); sessions: sqlite::memory:',
    )
    expect((await fetch(url)).status).toBe(200)
    expect(await (await fetch(new URL('/api/app', url))).json()).toMatchObject({
      name: 'writer_then_critic',
      models: 'mock-script',
      session: 'first',
    })
    const run = (await (
      await fetch(new URL('/api/sessions/first/runs', url), {
        method: 'POST',
        body: '{"text":"go","state":{"topic":"cats"}}',
      })
    ).json()) as { runId: string }
    const stream = await (await fetch(new URL(`/api/runs/${run.runId}/stream`, url))).text()
    expect(stream).toContain('"kind":"text","agent":"writer","text":"Cats sleep a lot."')
    expect(stream).toContain('"kind":"end","ok":true')
    stop()
    expect(await exit).toBe(0)
    await expect(fetch(url)).rejects.toThrow()
  })

  it('prints the loader diagnostic and exits 2 when the file does not load', async () => {
    const broken = join(scratch, 'broken.ts')
    writeFileSync(broken, "import { Agent } from '@adk-fluent/fluent'\nexport const agent = Agent('a').instruct(\n")
    const { io, err, out } = capture()
    expect(await runCli(['web', broken], io)).toBe(2)
    expect(err()).toMatch(/^adk-fluent: cannot load .*broken\.ts: .*broken\.ts:3/)
    expect(out()).toBe('')
    const missing = capture()
    expect(await runCli(['web', join(scratch, 'nothing.ts')], missing.io)).toBe(2)
    expect(missing.err()).toMatch(/^adk-fluent: file not found: .*nothing\.ts\n$/)
  })

  it('serves a module without a builder: the page says why, naming the file, and chat is off (stderr says so too)', async () => {
    const { io, out, err } = capture()
    const { exit, stop } = serve({ sessions: 'memory:', session: undefined, file: fixture('no-builder.ts') }, io)
    await expect.poll(out, { timeout: 60_000 }).toMatch(/^adk-fluent web: no-builder at http:\/\/127\.0\.0\.1:\d+\/\n/)
    expect(out()).toContain('models: none (chat is off);')
    expect(err()).toMatch(/^adk-fluent: Chat is off: .*no-builder\.ts exports no fluent builder\./)
    const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out())?.[1] as string
    expect((await fetch(url)).status).toBe(200)
    const graph = (await (await fetch(new URL('/api/graph', url))).json()) as Record<string, unknown>
    expect(graph['nodes']).toEqual([])
    expect(graph['graphError']).toMatch(/no-builder\.ts exports no fluent builder\. Export one/)
    stop()
    expect(await exit).toBe(0)
  })

  it('a module with a core App and no builder: chat is off and it says to serve the App with api-server --adk-web', async () => {
    const { io, out, err } = capture()
    const file = fixture('desk-app.ts')
    const { exit, stop } = serve({ sessions: 'memory:', session: undefined, file }, io)
    await expect.poll(out, { timeout: 60_000 }).toMatch(/^adk-fluent web: desk-app at http:\/\/127\.0\.0\.1:\d+\/\n/)
    expect(err()).toContain(
      `It exports the core App "desk" (export app), which this page does not show (it draws and runs fluent builders): serve it with adk-fluent api-server ${file} --adk-web`,
    )
    stop()
    expect(await exit).toBe(0)
  })

  it('refuses a file that is not a module (a Makefile is never run), as every other command does', async () => {
    const makefile = join(scratch, 'Makefile')
    writeFileSync(makefile, 'globalThis.ranMakefile = true\nexport const a = 1\n')
    const { io, err, out } = capture()
    expect(await runCli(['web', makefile], io)).toBe(2)
    expect(err()).toMatch(/^adk-fluent: cannot load .*Makefile: only TypeScript or JavaScript modules/)
    expect(out()).toBe('')
    expect((globalThis as { ranMakefile?: boolean }).ranMakefile).toBeUndefined()
  })

  it('never prints the password of a --sessions or --memory URI', async () => {
    const { io, out, err } = capture()
    const { exit, stop } = serve(
      {
        sessions: 'postgresql://ana:hunter2-secret@127.0.0.1:9/app',
        session: undefined,
        memory: 'postgresql://bo:hunter2-memory@127.0.0.1:9/app',
      },
      io,
    )
    await expect.poll(out, { timeout: 60_000 }).toMatch(/sessions: postgresql:\/\/ana:\*\*\*@127\.0\.0\.1:9\/app;/)
    expect(out()).toContain('memory: postgresql://bo:***@127.0.0.1:9/app\n')
    const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out())?.[1] as string
    expect(await (await fetch(new URL('/api/app', url))).text()).not.toContain('hunter2')
    stop()
    expect(await exit).toBe(0)
    expect(out() + err()).not.toContain('hunter2')
  })

  it('says the port is in use and suggests a free one', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as AddressInfo).port
    try {
      const { io, err } = capture()
      expect(await runCli(['web', fixture('writer-critic.ts'), '--port', String(port)], io)).toBe(1)
      expect(err()).toMatch(
        new RegExp(
          `^adk-fluent: port ${port} on 127\\.0\\.0\\.1 is already in use\\. (Try --port \\d+ \\(free right now\\)|Pick another with --port <n>)\\.\\n$`,
        ),
      )
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })

  it('rejects a bad --port as bad usage (exit 2)', async () => {
    const port = capture()
    expect(await runCli(['web', fixture('writer-critic.ts'), '--port', 'eighty'], port.io)).toBe(2)
    expect(port.err()).toBe('adk-fluent: --port must be a port number (0-65535), got "eighty".\n')
  })
})
