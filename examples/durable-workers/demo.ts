/**
 * The durable-workers walkthrough as a program: two worker processes, six runs, worker-1 killed (SIGKILL) midway;
 * worker-2 takes over worker-1's runs once its heartbeat stops, and every run finishes.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { DurableClient, type TreeRef } from '@adk-fluent/dbos'
import { PostgresSessionService } from '@adk-fluent/sessions'
import { APP, createPipeline, slowScriptedModel } from './pipeline.js'
import { databaseUrlOrExit } from './database-url.js'

export const message = (text: string) => ({ role: 'user', parts: [{ text }] })
export const questions = [
  'How does a heat pump work?',
  'Why is the sky blue?',
  'What is a mortgage?',
  'How do vaccines work?',
  'What is inflation?',
  'Why do cats purr?',
]

/** Creates a session per run, enqueues the runs, waits for all: one line per run (its worker, its answer). */
export async function enqueueAndWait(databaseUrl: string, count: number, tree?: TreeRef): Promise<string[]> {
  const sessions = new PostgresSessionService(databaseUrl)
  const client = await DurableClient.connect({
    appName: APP,
    databaseUrl,
    ...(tree ?? { agent: createPipeline(slowScriptedModel('client', 0)).build() }),
  })
  const runs = []
  for (let index = 0; index < count; index++) {
    const session = await sessions.createSession({ appName: APP, userId: 'demo' })
    runs.push(
      await client.startRun({
        userId: 'demo',
        sessionId: session.id,
        newMessage: message(questions[index % questions.length] as string),
      }),
    )
  }
  const lines: string[] = []
  for (const run of runs) {
    const result = await run.result({ timeoutMs: 180_000 }) // { finalText, events, … }
    const status = await run.status() // { state, workerId, version, … }
    lines.push(`run ${run.id.slice(0, 8)} finished on ${status?.workerId}: ${result.finalText.slice(0, 60)}…`)
  }
  await client.close()
  await sessions.close()
  return lines
}

/** Starts a worker process; resolves with its agent tree version once it is ready. */
export function spawnWorker(
  databaseUrl: string,
  workerId: string,
  print: (line: string) => void,
): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@adk-fluent/source', fileURLToPath(new URL('./worker.ts', import.meta.url))],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, WORKER_ID: workerId },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      for (const line of chunk.split('\n')) if (line.startsWith('[')) print(line)
      const match = /ready, agent tree ([^,\s]+)/.exec(output)
      if (match) resolve(match[1] as string)
    })
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.on('exit', (code) => reject(new Error(`${workerId} exited (${code}):\n${output}`)))
  })
  ready.catch(() => undefined)
  return { child, ready }
}

/** The walkthrough; returns what it printed. */
export async function runDemo(
  databaseUrl: string,
  print: (line: string) => void = (line) => console.log(line),
): Promise<string[]> {
  const printed: string[] = []
  const say = (line: string) => {
    printed.push(line)
    print(line)
  }
  const first = spawnWorker(databaseUrl, 'worker-1', say)
  const second = spawnWorker(databaseUrl, 'worker-2', say)
  try {
    const version = await first.ready
    await second.ready
    const done = enqueueAndWait(databaseUrl, 6, { version })
    // Kill worker-1 once it is in the middle of its runs (after its third model call).
    while (printed.filter((line) => line.startsWith('[worker-1] ') && !line.includes('ready')).length < 3) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    first.child.kill('SIGKILL')
    say('--- worker-1 killed (SIGKILL) ---')
    for (const line of await done) say(line)
    return printed
  } finally {
    first.child.kill('SIGKILL')
    second.child.kill('SIGKILL')
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runDemo(databaseUrlOrExit('durable:demo'))
  process.exit(0)
}
