import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { binPath, fixture } from './run-bin.test-helper.js'

/** Starts `adk-fluent run`, sends SIGINT once stdout has `readyText`, and collects what it printed. */
function interruptRun(
  args: readonly string[],
  readyText: string,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  const env = { ...process.env, ADK_FLUENT_CLI_FROM_SOURCE: '1' }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, 'run', fixture('slow-second.ts'), 'go', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let sent = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      if (!sent && stdout.includes(readyText)) {
        sent = true
        child.kill('SIGINT')
      }
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}

describe('adk-fluent run and Ctrl-C', () => {
  it('ends the run cleanly with exit code 130: the lines printed so far are whole', async () => {
    const result = await interruptRun([], '[first] First answer.\n')
    expect([result.code, result.signal]).toEqual([130, null])
    expect(result.stdout).toBe('[first] First answer.\n')
    expect(result.stderr).toBe('adk-fluent: run cancelled (Ctrl-C)\n')
  }, 60_000)

  it('with --json every printed line is a whole event', async () => {
    const result = await interruptRun(['--json'], '"First answer."')
    expect(result.code).toBe(130)
    const lines = result.stdout.split('\n')
    expect(lines.at(-1)).toBe('')
    const authors = lines.slice(0, -1).map((line) => (JSON.parse(line) as { author: string }).author)
    expect(authors.filter((author) => author === 'first').length).toBeGreaterThan(0)
    expect(authors).not.toContain('second')
  }, 60_000)
})
