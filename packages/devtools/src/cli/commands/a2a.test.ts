import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runCli } from '../main.js'
import { loadA2aPackage } from '../load-a2a-package.js'
import { binPath, fixture } from '../run-bin.test-helper.js'

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

/** Starts `adk-fluent a2a …` through the real bin and resolves with the URL it prints. */
function serve(args: readonly string[]): Promise<{ url: string; stdout: string }> {
  const env: Record<string, string | undefined> = { ...process.env, ADK_FLUENT_CLI_FROM_SOURCE: '1' }
  for (const name of ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI']) delete env[name]
  const child = spawn(process.execPath, [binPath, 'a2a', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  )
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(stdout)?.[1]
      if (url) resolve({ url, stdout })
    })
    child.once('exit', (code) => reject(new Error(`adk-fluent a2a exited (${code}): ${stderr}`)))
  })
}

async function send(url: string, text: string, contextId?: string): Promise<{ contextId: string; answer: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: {
        message: { kind: 'message', messageId: `m-${text}`, role: 'user', parts: [{ kind: 'text', text }], contextId },
      },
    }),
  })
  const body = (await response.json()) as {
    result: { contextId: string; status: { state: string }; artifacts: { parts: { text?: string }[] }[] }
  }
  expect(body.result.status, JSON.stringify(body.result.status)).toMatchObject({ state: 'completed' })
  return { contextId: body.result.contextId, answer: body.result.artifacts[0]?.parts[0]?.text ?? '' }
}

// Each test spawns the bin, which loads the TypeScript sources: slow on a busy machine.
describe('adk-fluent a2a', { timeout: 60_000 }, () => {
  it('serves the module as an A2A agent on 127.0.0.1 with a card, a 0.3 message/send, and stored sessions', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'a2a-cli-'))
    stops.push(async () => rmSync(folder, { recursive: true, force: true }))
    const { url, stdout } = await serve([
      fixture('a2a-greeter.ts'),
      '--port',
      '0',
      '--sessions',
      `sqlite:${join(folder, 's.db')}`,
    ])
    expect(stdout).toContain('models: offline, the mockScript replies (every turn replays them from the first);')
    const card = (await (
      await fetch(`${url}.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as {
      name: string
      skills: { id: string; description: string }[]
    }
    expect(card.name).toBe('greeter')
    expect(card.skills[0]).toMatchObject({ id: 'greeter', description: 'Greets people.' })
    const first = await send(url, 'hi')
    expect(first.answer).toBe('Hello over A2A!')
    // The second task of a conversation, and a new conversation, replay the one-reply script (the second task used
    // to end `failed`: "ScriptedLlm … has no reply left").
    const second = await send(url, 'hi again', first.contextId)
    expect(second).toEqual({ contextId: first.contextId, answer: 'Hello over A2A!' })
    const other = await send(url, 'hello')
    expect(other.contextId).not.toBe(first.contextId)
    expect(other.answer).toBe('Hello over A2A!')
  })

  it('completes every task of agents with their own .mock() script (each task builds the tree anew)', async () => {
    const { url, stdout } = await serve([fixture('mocked-greeter.ts'), '--port', '0'])
    expect(stdout).toContain("models: the agents' own models;")
    const first = await send(url, 'hi')
    expect(first.answer).toBe('Hello!')
    // The second task used to end `failed` ("ScriptedLlm … has no reply left") while every task shared one tree.
    expect(await send(url, 'hi again', first.contextId)).toEqual({ contextId: first.contextId, answer: 'Hello!' })
  })

  it('lists the command in --help and refuses bad usage', async () => {
    const out: string[] = []
    const err: string[] = []
    const io = {
      stdout: { write: (text: string) => out.push(text) },
      stderr: { write: (text: string) => err.push(text) },
      env: {},
      cwd: process.cwd(),
    }
    expect(await runCli(['--help'], io)).toBe(0)
    expect(out.join('')).toContain('a2a <file> [--port 8000] [--sessions uri]')
    expect(await runCli(['a2a'], io)).toBe(2)
    expect(await runCli(['a2a', fixture('a2a-greeter.ts'), '--port', 'x'], io)).toBe(2)
    expect(err.join('')).toContain('"a2a" needs a file')
  })

  it('says what to install when @adk-fluent/a2a is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package '@adk-fluent/a2a'"), { code: 'ERR_MODULE_NOT_FOUND' })
    await expect(loadA2aPackage(() => Promise.reject(missing))).rejects.toThrow('npm install @adk-fluent/a2a')
  })
})
