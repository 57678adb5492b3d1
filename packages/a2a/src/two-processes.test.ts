import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { RemoteAgent } from './remote-agent.js'
import { serveA2a, type A2aServer } from './serve-a2a.js'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const peerScript = fileURLToPath(new URL('./fixtures/peer-process.ts', import.meta.url))
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function startPeer(alphaUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--conditions=@adk-fluent/source', '--import', 'tsx', peerScript, alphaUrl], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(
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
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const line = stdout.split('\n')[0]
      if (stdout.includes('\n') && line) resolve({ url: (JSON.parse(line) as { url: string }).url, child })
    })
    child.once('exit', (code) => reject(new Error(`peer exited (${code}): ${stderr}`)))
  })
}

describe('two adk-fluent processes over A2A', () => {
  it('each serves an agent and calls the other', async () => {
    const alphaLlm = new ScriptedLlm(['{"fact": "the sky is blue"}'])
    const alpha: A2aServer = await serveA2a(Agent('alpha', alphaLlm).writes('fact_text'), { port: 0 })
    cleanups.push(() => alpha.close())
    const peer = await startPeer(alpha.url)
    expect(peer.child.pid).not.toBe(process.pid)
    // This process → beta (other process) → alpha (this process) → back.
    const answer = await RemoteAgent('beta', peer.url).timeout(15_000).ask('what do you know?')
    expect(answer).toBe('beta heard: the sky is blue')
    expect(alphaLlm.requests[0]?.contents.at(-1)?.parts?.[0]?.text).toBe('what do you know?')
  })
})
