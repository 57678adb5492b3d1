import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The real `adk-fluent` bin of this package. */
export const binPath = fileURLToPath(new URL('../../bin/adk-fluent.mjs', import.meta.url))

/** A fixture module's path. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
}

/** What a finished bin run printed. */
export interface BinResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs the bin with `node` (stdin, stdout and stderr piped, so not a terminal), offline: no Gemini keys in its environment,
 * and always on the sources (a stale `dist` must not decide what these tests see).
 */
export function runBin(
  args: readonly string[],
  environment: Readonly<Record<string, string>> = {},
  /** Piped to the bin's stdin (then closed); without it stdin is empty. */
  input?: string,
): Promise<BinResult> {
  const env: Record<string, string | undefined> = { ...process.env, ADK_FLUENT_CLI_FROM_SOURCE: '1', ...environment }
  for (const name of ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI', 'ADK_FLUENT_MODEL']) {
    if (!(name in environment)) delete env[name]
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] })
    child.stdin.end(input ?? '')
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
