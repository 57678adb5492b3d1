import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// `adk-fluent anatomy examples/showcase/index.ts --message …` prints every model call of the showcase pipeline, as the
// real bin does (offline: no key in its environment; no network needed for a preview).

const bin = fileURLToPath(new URL('../../packages/devtools/bin/adk-fluent.mjs', import.meta.url))
const showcaseFile = fileURLToPath(new URL('./index.ts', import.meta.url))

function runBin(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, ADK_FLUENT_CLI_FROM_SOURCE: '1' }
  for (const name of ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI', 'ADK_FLUENT_MODEL'])
    delete env[name]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('adk-fluent anatomy on the showcase', () => {
  it('prints every model call of the pipeline: research, then three write/review rounds on placeholders', async () => {
    const result = await runBin(['anatomy', showcaseFile, '--message', 'How do honeybees communicate?'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout.match(/^LLM Call Anatomy: .*$/gm)).toEqual([
      'LLM Call Anatomy: researcher — call 1 of 7',
      'LLM Call Anatomy: writer — call 2 of 7 (round 1)',
      'LLM Call Anatomy: reviewer — call 3 of 7 (round 1)',
      'LLM Call Anatomy: writer — call 4 of 7 (its call 2, round 2)',
      'LLM Call Anatomy: reviewer — call 5 of 7 (its call 2, round 2)',
      'LLM Call Anatomy: writer — call 6 of 7 (its call 3, round 3)',
      'LLM Call Anatomy: reviewer — call 7 of 7 (its call 3, round 3)',
    ])
    expect(result.stdout).toContain(
      'List the five most useful facts about How do honeybees communicate? for a short article.',
    )
    expect(result.stdout).toContain("                 [draft]: ⟨writer's reply⟩")
  }, 120_000)
})
