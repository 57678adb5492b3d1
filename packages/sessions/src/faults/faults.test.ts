import { AdkFluentError, LlmAgent, Runner, type BaseSessionService, type Event, type Session } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freshSchema, pgExec, pgTitle, pgUrl } from '../test-databases.test-helper.js'
import { openStore } from './fault-store.test-helper.js'

const worker = fileURLToPath(new URL('./fault-worker.test-helper.ts', import.meta.url))
const root = fileURLToPath(new URL('../../../..', import.meta.url))
const slow = { timeout: 300_000 }

/** A worker process and the lines it printed so far. */
interface Worker {
  readonly child: ChildProcess
  readonly lines: string[]
  /** Resolves when a line matching `pattern` was printed. */
  until(pattern: RegExp): Promise<string>
  readonly exited: Promise<number | null>
}

function startWorker(args: string[]): Worker {
  const child = spawn(process.execPath, ['--conditions=@adk-fluent/source', '--import', 'tsx', worker, ...args], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = []
  let buffer = ''
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk
    let newline: number
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      lines.push(line)
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(line)
        }
      }
    }
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    lines,
    exited,
    until: (pattern) =>
      new Promise((resolve, reject) => {
        const found = lines.find((line) => pattern.test(line))
        if (found) return resolve(found)
        waiters.push({ pattern, resolve })
        void exited.then(() =>
          setTimeout(() => reject(new Error(`worker exited before ${pattern}: ${lines.join(' | ')} ${stderr}`)), 50),
        )
      }),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The invariants a crash may never break: every stored event moved the revision once, state = last delta. */
function expectConsistent(session: Session | undefined): void {
  const events = session?.events ?? []
  expect(session?.revision).toBe(events.length)
  const last = events.at(-1)
  if (last) expect(session?.state['n']).toBe(last.actions.stateDelta['n'])
  expect(new Set(events.map((event) => event.id)).size).toBe(events.length)
}

function describeFaults(
  name: string,
  store: () => Record<string, unknown>,
  service: () => BaseSessionService & { close(): Promise<void> },
) {
  describe(`fault tests in separate processes: ${name}`, () => {
    it('SIGKILL between and during appends never leaves a half-written append', slow, async () => {
      const target = service()
      try {
        for (let round = 0; round < 3; round++) {
          const app = `kill_${randomUUID().slice(0, 8)}`
          const session = await target.createSession({ appName: app, userId: 'u' })
          const child = startWorker(['kill-loop', JSON.stringify(store()), app, session.id, 'k', '100000'])
          await child.until(/^appended 5$/)
          await sleep(100 + Math.floor(Math.random() * 400))
          child.child.kill('SIGKILL')
          await child.exited
          // PostgreSQL may still commit the append whose COMMIT it received before the kill, after the child is
          // gone: a view read before that commit is stale, so the check reads again (a whole append, never half).
          for (let attempt = 1; ; attempt++) {
            const after = await target.getSession({ appName: app, userId: 'u', sessionId: session.id })
            expect(after?.events.length).toBeGreaterThanOrEqual(5)
            expectConsistent(after)
            try {
              // The store still takes appends after the kill.
              await target.appendEvent({
                session: after as Session,
                event: { ...(after?.events.at(-1) as Event), id: randomUUID() },
              })
              break
            } catch (error) {
              if (attempt === 3 || !(AdkFluentError.isInstance(error) && error.code === 'SESSION_STALE')) throw error
              await sleep(100)
            }
          }
        }
      } finally {
        await target.close()
      }
    })

    it(
      'three processes appending to one session (re-reading on StaleSessionError) lose and duplicate nothing',
      slow,
      async () => {
        const target = service()
        try {
          const app = `race_${randomUUID().slice(0, 8)}`
          const session = await target.createSession({ appName: app, userId: 'u' })
          const workers = ['a', 'b', 'c'].map((tag) =>
            startWorker(['retry-loop', JSON.stringify(store()), app, session.id, tag, '30']),
          )
          await Promise.all(workers.map((child) => child.until(/^ready$/)))
          for (const child of workers) child.child.stdin?.write('go\n')
          await Promise.all(workers.map((child) => child.until(/^done$/)))
          const after = await target.getSession({ appName: app, userId: 'u', sessionId: session.id })
          expect(after?.events).toHaveLength(90)
          expect(after?.revision).toBe(90)
          for (const tag of ['a', 'b', 'c']) {
            const own = (after?.events ?? [])
              .filter((event) => event.author === tag)
              .map((event) => event.actions.stateDelta[`w_${tag}`])
            expect(own, `worker ${tag} keeps its order`).toEqual(Array.from({ length: 30 }, (_, index) => index + 1))
            expect(after?.state[`w_${tag}`]).toBe(30)
          }
        } finally {
          await target.close()
        }
      },
    )

    it(
      'without re-reading, exactly one of three processes writes; the others stop at StaleSessionError',
      slow,
      async () => {
        const target = service()
        try {
          const app = `stop_${randomUUID().slice(0, 8)}`
          const session = await target.createSession({ appName: app, userId: 'u' })
          const workers = ['a', 'b', 'c'].map((tag) =>
            startWorker(['stop-loop', JSON.stringify(store()), app, session.id, tag, '20']),
          )
          await Promise.all(workers.map((child) => child.until(/^ready$/)))
          for (const child of workers) child.child.stdin?.write('go\n')
          await Promise.all(workers.map((child) => child.exited))
          const finished = workers.filter((child) => child.lines.includes('done'))
          expect(finished).toHaveLength(1)
          for (const child of workers.filter((other) => !finished.includes(other)))
            expect(child.lines).toContain('stale 1')
          const after = await target.getSession({ appName: app, userId: 'u', sessionId: session.id })
          expect(new Set(after?.events.map((event) => event.author)).size).toBe(1)
          expect(after?.events).toHaveLength(20)
          expectConsistent(after)
        } finally {
          await target.close()
        }
      },
    )

    it(
      'a worker killed mid-run holds the session until its lease expires; then the call it left open is answered',
      slow,
      async () => {
        const target = service()
        try {
          const app = `lease_${randomUUID().slice(0, 8)}`
          const session = await target.createSession({ appName: app, userId: 'u' })
          const child = startWorker(['hold-run', JSON.stringify(store()), app, session.id, 'w', '3000'])
          await child.until(/^in-tool$/)
          child.child.kill('SIGKILL')
          await child.exited
          const llm = new ScriptedLlm(['recovered'])
          const runner = new Runner({
            appName: app,
            agent: new LlmAgent({ name: 'agent', model: llm }),
            sessionService: target,
          })
          const run = async () => {
            const events: Event[] = []
            for await (const event of runner.runAsync({
              userId: 'u',
              sessionId: session.id,
              newMessage: { role: 'user', parts: [{ text: 'still there?' }] },
            })) {
              events.push(event)
            }
            return events
          }
          let busy: unknown
          await run().catch((error: unknown) => (busy = error))
          expect(AdkFluentError.isInstance(busy) && busy.code, 'the dead worker still holds the lease').toBe(
            'SESSION_BUSY',
          )
          expect(llm.requests).toHaveLength(0)
          await sleep(3500)
          const events = await run()
          expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('recovered')
          const sent = (llm.requests[0]?.contents ?? []).flatMap((content) => content.parts ?? [])
          expect(sent.find((part) => part.functionResponse)?.functionResponse).toMatchObject({
            id: 'call-1',
            name: 'hang',
          })
          expect(
            String(
              (sent.find((part) => part.functionResponse)?.functionResponse?.response as { error?: string })?.error,
            ),
          ).toMatch(/interrupted/)
        } finally {
          await target.close()
        }
      },
    )
  })
}

const dir = mkdtempSync(join(tmpdir(), 'adk-faults-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const sqliteStore = { kind: 'sqlite', path: join(dir, 'faults.db') } as const
describeFaults(
  'SQLite file',
  () => sqliteStore,
  () => openStore(sqliteStore),
)

const schema = freshSchema()
describe.skipIf(!pgUrl)(pgTitle, () => {
  const pgStore = { kind: 'pg', url: pgUrl as string, schema } as const
  afterAll(async () => {
    await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  })
  describeFaults(
    'PostgreSQL',
    () => pgStore,
    () => openStore(pgStore),
  )
})
