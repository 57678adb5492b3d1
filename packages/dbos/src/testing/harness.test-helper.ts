// Helpers of the durable-run tests: a database per test, worker processes, the shared log file.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Event } from '@adk-fluent/core'
import { PostgresSessionService } from '@adk-fluent/sessions'

/** The test PostgreSQL server (`.ci/run` starts one); without it the tests are skipped, except under CI. */
export const pgUrl = process.env['ADK_FLUENT_TEST_PG_URL']
if (!pgUrl && process.env['CI'])
  throw new Error('ADK_FLUENT_TEST_PG_URL is not set: CI must run the durable-run tests against PostgreSQL.')

/** The URL of another database on the test server (DBOS creates its system database when it is absent). */
export function databaseUrl(name: string): string {
  const url = new URL(pgUrl as string)
  url.pathname = `/${name}`
  return url.toString()
}

/** A fresh name: a new DBOS system database per test keeps tests independent. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`
}

/**
 * One durable-run test's world: an app name, its own DBOS system database, a log file, the session store on the test
 * server, and the worker environment naming them (plus `extra`).
 */
export function durableScenario(prefix: string, extra: Record<string, string>) {
  const app = uniqueName(prefix)
  const dbosUrl = databaseUrl(uniqueName('dbos'))
  const log = newLog()
  const sessions = new PostgresSessionService(pgUrl as string)
  const env = { APP: app, DBOS_URL: dbosUrl, SESSIONS_URL: pgUrl as string, LOG: log, ...extra }
  return { app, dbosUrl, log, sessions, env }
}

/** A new empty log file's path. */
export function newLog(): string {
  return join(mkdtempSync(join(tmpdir(), 'adk-dbos-')), 'calls.log')
}

/** The log's lines so far. */
export function readLog(file: string): string[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
}

/** Polls `check` until it is true (generous timeouts: the machine is shared). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const workerMain = fileURLToPath(new URL('./worker-main.test-helper.ts', import.meta.url))

/** A worker process. */
export interface Worker {
  child: ChildProcess
  /** Its agent tree version (printed when it is ready). */
  version: string
  output: () => string
  /** SIGKILL, and wait until it is gone. */
  kill: () => Promise<void>
  /** SIGTERM (a clean shutdown), and wait until it is gone. */
  stop: () => Promise<void>
}

/** Starts a worker process (see worker-main.test-helper.ts for its variables) and waits until it takes runs. */
export async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@adk-fluent/source', workerMain], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  await Promise.race([
    waitFor(() => /ADK_WORKER_READY \S+/.test(output), `worker ${env['WORKER_ID']} to start`, 90_000),
    exited.then(() => {
      throw new Error(`worker ${env['WORKER_ID']} exited:\n${output}`)
    }),
  ])
  const version = /ADK_WORKER_READY (\S+)/.exec(output)?.[1] as string
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return { child, version, output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}

/** What must be equal between two runs: everything but ids, timestamps and the invocation id. */
export function eventShapes(events: Event[]): unknown[] {
  return events.map((event) => ({
    author: event.author,
    content: JSON.parse(JSON.stringify(event.content ?? null).replace(/adk-[0-9a-f]+/g, 'adk-id')),
    stateDelta: event.actions.stateDelta,
    ...(event.errorCode !== undefined ? { errorCode: event.errorCode } : {}),
  }))
}
