import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { InMemorySessionService, type Event, type Session } from '@adk-fluent/core'
import { SqliteSessionService } from '../sqlite/sqlite-session-service.js'
import { APP, USER, isCompletion, runForty } from './forty-node-run.test-helper.js'

const dir = mkdtempSync(join(tmpdir(), 'adk-fluent-forty-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let serial = 0
const fresh = (name: string) => join(dir, `${name}-${++serial}`)

/** What an event says, without its id and timestamp. */
function signature(event: Event): string {
  return JSON.stringify([
    event.author,
    event.nodeInfo?.path,
    event.nodeInfo?.runId,
    event.branch,
    event.output,
    event.route,
    event.actions.stateDelta,
    event.content,
  ])
}

/** `name#runId` of each node run the session recorded as finished. */
function finishedRuns(session: Session): string[] {
  return session.events
    .filter(isCompletion)
    .map((event) => `${event.nodeInfo?.path?.split('.').at(-1)}#${event.nodeInfo?.runId}`)
}

function countLines(path: string): Map<string, number> {
  const counts = new Map<string, number>()
  if (!existsSync(path)) return counts
  for (const line of readFileSync(path, 'utf8').split('\n')) if (line) counts.set(line, (counts.get(line) ?? 0) + 1)
  return counts
}

async function uninterrupted(): Promise<{ session: Session; log: Map<string, number>; events: Event[] }> {
  const service = new SqliteSessionService(fresh('db'))
  const created = await service.createSession({ appName: APP, userId: USER })
  const log = fresh('log')
  const events = await runForty(service, created.id, log)
  const session = (await service.getSession({ appName: APP, userId: USER, sessionId: created.id })) as Session
  return { session, log: countLines(log), events }
}

describe('the 40-node workflow (fan-out of 8 into a join, a loop, a conditional route)', () => {
  it('gives the same event sequence on 20 runs', async () => {
    const sequences = new Set<string>()
    for (let run = 0; run < 20; run++) {
      const service = new InMemorySessionService()
      const created = await service.createSession({ appName: APP, userId: USER })
      const events = await runForty(service, created.id, fresh('log'))
      sequences.add(events.map(signature).join('\n'))
    }
    expect(sequences.size).toBe(1)
    const [only] = sequences
    // 34 of the 40 nodes run (one conditional branch of 6 does not), review and revise 3 and 2 times: 37 node runs.
    expect(only?.split('\n').filter((line) => line.includes('"forty.')).length).toBeGreaterThan(37)
  })

  it('runs every node run once uninterrupted: 37 runs (8 model calls), one completion record each', async () => {
    const { session, log } = await uninterrupted()
    expect(finishedRuns(session)).toHaveLength(37)
    expect(new Set(finishedRuns(session)).size).toBe(37)
    // Every run but the join's (it has no body of its own) logged its side effect once.
    expect([...log.values()].every((count) => count === 1)).toBe(true)
    expect([...log.keys()].sort()).toEqual(
      finishedRuns(session)
        .filter((run) => run !== 'join#1')
        .sort(),
    )
    expect([...log.keys()].filter((run) => run.startsWith('worker_'))).toHaveLength(8)
    expect([...log.keys()].filter((run) => run.startsWith('review#'))).toEqual(['review#1', 'review#2', 'review#3'])
    expect(session.state['rounds']).toBe(3)
    expect(session.state['big_6']).toBe('8+b1+b2+b3+b4+b5+b6')
  })

  it('resumed after a stop after any node (SQLite), runs every completed node once and ends in the uninterrupted state', async () => {
    const reference = await uninterrupted()
    const total = finishedRuns(reference.session).length
    for (let killAfter = 1; killAfter < total; killAfter++) {
      const db = fresh('db')
      const log = fresh('log')
      const first = new SqliteSessionService(db)
      const created = await first.createSession({ appName: APP, userId: USER })
      await runForty(first, created.id, log, (count) => count === killAfter)
      const at = { appName: APP, userId: USER, sessionId: created.id }
      const before = finishedRuns((await first.getSession(at)) as Session)
      expect(before.length, `stop after ${killAfter}`).toBeGreaterThanOrEqual(killAfter)
      // A new service on the same file, as a new process would open it.
      const second = new SqliteSessionService(db)
      const resumed = await runForty(second, created.id, log)
      const session = (await second.getSession(at)) as Session
      const counts = countLines(log)
      for (const run of before)
        if (run !== 'join#1') expect(counts.get(run), `${run} after a stop after ${killAfter}`).toBe(1)
      expect(finishedRuns(session).sort(), `stop after ${killAfter}`).toEqual(finishedRuns(reference.session).sort())
      expect(session.state, `stop after ${killAfter}`).toEqual(reference.session.state)
      expect(resumed.at(-1)?.output).toBe(reference.events.at(-1)?.output)
    }
  }, 120_000)

  it('a killed worker process (SIGKILL) is resumed by a new process from the events it stored', async () => {
    const reference = await uninterrupted()
    const worker = fileURLToPath(new URL('./resume-worker.test-helper.ts', import.meta.url))
    // After the first node, inside the fan-out, and inside the loop.
    for (const killAfter of [1, 15, 26]) {
      const db = fresh('db')
      const log = fresh('log')
      const created = await new SqliteSessionService(db).createSession({ appName: APP, userId: USER })
      const code = await new Promise<number | null>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--conditions=@adk-fluent/source', '--import', 'tsx', worker, db, log, created.id, String(killAfter)],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        )
        child.on('error', reject)
        child.on('exit', (exitCode, signal) => resolve(signal === 'SIGKILL' ? -9 : exitCode))
      })
      expect(code, `worker killed after ${killAfter}`).toBe(-9)
      const service = new SqliteSessionService(db)
      const at = { appName: APP, userId: USER, sessionId: created.id }
      const before = finishedRuns((await service.getSession(at)) as Session)
      expect(before).toHaveLength(killAfter)
      await runForty(service, created.id, log)
      const session = (await service.getSession(at)) as Session
      const counts = countLines(log)
      for (const run of before)
        if (run !== 'join#1') expect(counts.get(run), `${run} after a kill after ${killAfter}`).toBe(1)
      expect(finishedRuns(session).sort()).toEqual(finishedRuns(reference.session).sort())
      expect(session.state).toEqual(reference.session.state)
    }
  }, 120_000)
})
