import * as core from '@adk-fluent/core'
import { PostgresMemoryService, SqliteMemoryService } from '@adk-fluent/sessions'
import * as adk from '@google/adk'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { BenchConfig } from '../bench-config.js'
import { ours, theirs } from '../kit.js'
import { measureOne, measurePair, scale, type PairPlan, type Sampler, type Stats } from '../measure.js'
import { formatNumber, type ResultRow } from '../report.js'
import { constantText } from '../scripted-model.js'

type Memory = core.BaseMemoryService & { close?(): Promise<void> }

const APP = 'bench'
const USER = 'u'
const OTHER = 'other'
const SESSIONS = 100
const EVENTS_PER_SESSION = 100
/** Each selective word is in one memory of every TOPICS. */
const TOPICS = 500
/** A word of letters only (@google/adk's in-memory service splits words at digits): `n` in base 26, from `a`. */
function word(prefix: string, n: number): string {
  let text = ''
  do {
    text = String.fromCharCode(97 + (n % 26)) + text
    n = Math.floor(n / 26)
  } while (n > 0)
  return `${prefix}${text}`
}

const SELECTIVE = `Tell me ${word('k', 42)} again` // shares one word with the memories: one in every TOPICS
const BROAD = 'project' // every memory has it
const pgUrl = process.env['ADK_FLUENT_BENCH_PG_URL'] ?? process.env['ADK_FLUENT_TEST_PG_URL']

interface LPlan {
  readonly search: PairPlan
  readonly turn: PairPlan
  readonly sessions: number
}

function lPlan(config: BenchConfig): LPlan {
  return config.quick
    ? { search: { warmup: 1, samples: 3 }, turn: { warmup: 1, samples: 3 }, sessions: 5 }
    : {
        search: { warmup: 10, samples: 15, minSampleMs: 20, maxOps: 500 },
        turn: { warmup: 5, samples: 11, minSampleMs: 20, maxOps: 100 },
        sessions: SESSIONS,
      }
}

/** Memory `i`: a selective word k(i mod 500), another one q(7i mod 331), and words every memory has. */
function memoryText(index: number): string {
  return `Note ${index} about the project: ${word('k', index % TOPICS)} and ${word('q', (index * 7) % 331)} were discussed.`
}

/** Both runtimes' sessions (their `Session` and `Event` are structurally the same for what memory reads). */
function memorySession(userId: string, session: number): core.Session {
  const events: core.Event[] = []
  for (let offset = 0; offset < EVENTS_PER_SESSION; offset++) {
    const index = session * EVENTS_PER_SESSION + offset
    const author = offset % 2 === 0 ? 'user' : 'assistant'
    events.push(
      core.createEvent({
        invocationId: `i-${session}`,
        author,
        timestamp: 1_700_000_000_000 + index * 1000,
        content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: memoryText(index) }] },
      }),
    )
  }
  return { id: `s-${session}`, appName: APP, userId, state: {}, events, lastUpdateTime: 0 }
}

/** Adds `sessions` sessions of the user (and a tenth as many of another user); the time per memory added (ms). */
async function fill(memory: { addSessionToMemory(session: never): Promise<void> }, sessions: number): Promise<number> {
  const start = performance.now()
  for (let session = 0; session < sessions; session++)
    await memory.addSessionToMemory(memorySession(USER, session) as never)
  const perMemory = (performance.now() - start) / (sessions * EVENTS_PER_SESSION)
  for (let session = 0; session < Math.max(1, sessions / 10); session++)
    await memory.addSessionToMemory(memorySession(OTHER, session) as never)
  return perMemory
}

function searchSampler(
  memory: {
    searchMemory(request: {
      appName: string
      userId: string
      query: string
      limit?: number
    }): Promise<{ memories: unknown[] }>
  },
  query: string,
  limit?: number,
): Sampler {
  return async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++)
      await memory.searchMemory({ appName: APP, userId: USER, query, ...(limit === undefined ? {} : { limit }) })
    return performance.now() - start
  }
}

async function checkSearch(
  label: string,
  memory: Parameters<typeof searchSampler>[0],
  expected: number,
  limit?: number,
): Promise<void> {
  const found = await memory.searchMemory({ appName: APP, userId: USER, query: SELECTIVE })
  if (found.memories.length !== expected)
    throw new Error(`L (${label}): the selective query found ${found.memories.length} memories, not ${expected}`)
  if (limit !== undefined) {
    const broad = await memory.searchMemory({ appName: APP, userId: USER, query: BROAD, limit })
    if (broad.memories.length !== limit) throw new Error(`L (${label}): the broad query gave ${broad.memories.length}`)
  }
}

/** One turn per op on fresh sessions (made before the timer), `includeContents: 'none'`: the turn's cost only. */
interface TurnSetup {
  readonly sampler: Sampler
  /** The system instruction of one checked turn. */
  readonly check: () => Promise<string>
}

/** The sampler and check of a turn, given how to run one on a session and how to make and drop sessions. */
function turnSetup(
  turn: (sessionId: string) => Promise<void>,
  sessions: { create(): Promise<string>; drop(sessionId: string): Promise<void> },
  lastInstruction: () => string,
): TurnSetup {
  return {
    async sampler(ops) {
      const ids: string[] = []
      for (let index = 0; index < ops; index++) ids.push(await sessions.create())
      const start = performance.now()
      for (const id of ids) await turn(id)
      const elapsed = performance.now() - start
      for (const id of ids) await sessions.drop(id)
      return elapsed
    },
    async check() {
      await turn(await sessions.create())
      return lastInstruction()
    },
  }
}

const turnMessage = { role: 'user', parts: [{ text: SELECTIVE }] }

function ourTurn(memory: core.BaseMemoryService, preload: boolean): TurnSetup {
  const model = ours.model(constantText('Noted.'))
  const agent = new core.LlmAgent({
    name: 'assistant',
    model: model.model,
    instruction: 'Answer the user.',
    includeContents: 'none',
    tools: preload ? [new core.PreloadMemoryTool()] : [],
  })
  const sessionService = new core.InMemorySessionService()
  const runner = new core.Runner({ appName: APP, agent, sessionService, memoryService: memory })
  return turnSetup(
    async (sessionId) => {
      for await (const _ of runner.runAsync({ userId: USER, sessionId, newMessage: turnMessage }));
    },
    {
      create: async () => (await sessionService.createSession({ appName: APP, userId: USER })).id,
      drop: (sessionId) => sessionService.deleteSession({ appName: APP, userId: USER, sessionId }),
    },
    () => model.lastSystemInstruction(),
  )
}

function adkTurn(memory: adk.BaseMemoryService, preload: boolean): TurnSetup {
  const model = theirs.model(constantText('Noted.'))
  const agent = new adk.LlmAgent({
    name: 'assistant',
    model: model.model,
    instruction: 'Answer the user.',
    includeContents: 'none',
    tools: preload ? [new adk.PreloadMemoryTool()] : [],
  })
  const sessionService = new adk.InMemorySessionService()
  const runner = new adk.Runner({ appName: APP, agent, sessionService, memoryService: memory })
  return turnSetup(
    async (sessionId) => {
      for await (const _ of runner.runAsync({ userId: USER, sessionId, newMessage: turnMessage }));
    },
    {
      create: async () => (await sessionService.createSession({ appName: APP, userId: USER })).id,
      drop: (sessionId) => sessionService.deleteSession({ appName: APP, userId: USER, sessionId }),
    },
    () => model.lastSystemInstruction(),
  )
}

function checkPreload(label: string, instruction: string, preload: boolean, expected: number): void {
  const lines = instruction.split('\n').filter((line) => line.startsWith('Time: ')).length
  if (preload ? lines !== expected : instruction.includes('PAST_CONVERSATIONS'))
    throw new Error(`L (${label}): the request held ${lines} preloaded memories`)
}

const µs = (value: Stats) => scale(value, 1000)

/** Search, add and preload rows for one database-backed service (ours only: @google/adk has no database memory). */
async function storeRows(
  label: string,
  memory: Memory,
  plan: LPlan,
  anchor: Stats | undefined,
  withoutPreload: Stats,
): Promise<ResultRow[]> {
  const perMemory = await fill(memory, plan.sessions)
  const expected = (plan.sessions * EVENTS_PER_SESSION) / TOPICS
  await checkSearch(label, memory, expected, 50)
  const selective = µs(await measureOne(searchSampler(memory, SELECTIVE), plan.search))
  const broad = µs(await measureOne(searchSampler(memory, BROAD, 50), plan.search))
  const turn = ourTurn(memory, true)
  checkPreload(label, await turn.check(), true, expected)
  const preloaded = µs(await measureOne(turn.sampler, plan.turn))
  const count = (plan.sessions * EVENTS_PER_SESSION).toLocaleString('en-US')
  return [
    {
      scenario: 'L',
      name: `search ${count} memories, ${label} (${expected} match)`,
      unit: 'µs',
      ours: selective,
      note: anchor
        ? `@google/adk has no database memory service; its InMemoryMemoryService on the same memories takes ${formatNumber(anchor.median)} µs (ours/that ${formatNumber(selective.median / anchor.median)}).`
        : undefined,
    },
    {
      scenario: 'L',
      name: `search ${count} memories, ${label}, a word every memory has (limit 50)`,
      unit: 'µs',
      ours: broad,
    },
    {
      scenario: 'L',
      name: `add a memory, ${label} (addSessionToMemory of ${EVENTS_PER_SESSION}-event sessions, per memory)`,
      unit: 'µs',
      ours: { median: perMemory * 1000, min: perMemory * 1000, max: perMemory * 1000, samples: 1 },
      note: 'one pass over every session (a single sample).',
    },
    {
      scenario: 'L',
      name: `turn with T.preloadMemory(), ${label} (${expected} memories preloaded)`,
      unit: 'µs',
      ours: preloaded,
      note: `the same turn without preloadMemory takes ${formatNumber(withoutPreload.median)} µs: preloading costs ${formatNumber(preloaded.median / withoutPreload.median)}×.`,
    },
  ]
}

/**
 * L: long-term memory. 10,000 memories of one user (100 sessions × 100 events; 1,000 of another user beside them),
 * searched with a query sharing one word with 20 of them, and with a word all of them share (limit 50); the cost of
 * adding them; and a turn whose agent preloads the memories matching the user's message against the same turn
 * without. In memory against @google/adk's InMemoryMemoryService (and its PreloadMemoryTool); SQLite (FTS5) and
 * PostgreSQL (tsvector + GIN) ours only.
 */
export async function runLongTermMemory(config: BenchConfig): Promise<ResultRow[]> {
  const plan = lPlan(config)
  const expected = (plan.sessions * EVENTS_PER_SESSION) / TOPICS
  const count = (plan.sessions * EVENTS_PER_SESSION).toLocaleString('en-US')
  const ourMemory = new core.InMemoryMemoryService()
  const adkMemory = new adk.InMemoryMemoryService()
  await fill(ourMemory, plan.sessions)
  await fill(adkMemory, plan.sessions)
  await checkSearch('in memory', ourMemory, expected)
  await checkSearch('@google/adk in memory', adkMemory, expected)
  const search = await measurePair(
    searchSampler(ourMemory, SELECTIVE),
    searchSampler(adkMemory, SELECTIVE),
    plan.search,
  )
  const rows: ResultRow[] = [
    {
      scenario: 'L',
      name: `search ${count} memories, in memory (${expected} match)`,
      unit: 'µs',
      ours: µs(search.ours),
      theirs: µs(search.theirs),
      ratio: search.ratio,
    },
  ]
  const turns: Record<'with' | 'without', { ours: TurnSetup; theirs: TurnSetup }> = {
    without: { ours: ourTurn(ourMemory, false), theirs: adkTurn(adkMemory, false) },
    with: { ours: ourTurn(ourMemory, true), theirs: adkTurn(adkMemory, true) },
  }
  const measured: Partial<Record<'with' | 'without', { ours: Stats; theirs: Stats; ratio: number }>> = {}
  for (const kind of ['without', 'with'] as const) {
    checkPreload('ours', await turns[kind].ours.check(), kind === 'with', expected)
    checkPreload('@google/adk', await turns[kind].theirs.check(), kind === 'with', expected)
    const pair = await measurePair(turns[kind].ours.sampler, turns[kind].theirs.sampler, plan.turn)
    measured[kind] = { ours: µs(pair.ours), theirs: µs(pair.theirs), ratio: pair.ratio }
  }
  const without = measured.without as { ours: Stats; theirs: Stats; ratio: number }
  const withPreload = measured.with as { ours: Stats; theirs: Stats; ratio: number }
  rows.push(
    { scenario: 'L', name: 'turn without preloadMemory (the anchor of the preload rows)', unit: 'µs', ...without },
    {
      scenario: 'L',
      name: `turn with T.preloadMemory(), in memory (${expected} of ${count} memories preloaded)`,
      unit: 'µs',
      ...withPreload,
      note: `preloading costs ours ${formatNumber(withPreload.ours.median / without.ours.median)}× the turn without, @google/adk ${formatNumber(withPreload.theirs.median / without.theirs.median)}×.`,
    },
  )
  const anchor = search.theirs
  const dir = mkdtempSync(join(tmpdir(), 'adk-bench-memory-'))
  const sqlite = new SqliteMemoryService(join(dir, 'memory.db'))
  try {
    rows.push(...(await storeRows('SQLite FTS5', sqlite, plan, µs(anchor), without.ours)))
  } finally {
    await sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  }
  if (!pgUrl) {
    rows.push({
      scenario: 'L',
      name: 'PostgreSQL rows',
      unit: 'µs',
      note: 'skipped: no PostgreSQL (run eval "$(scripts/pg-test-server.sh start)" or set ADK_FLUENT_BENCH_PG_URL).',
    })
    return rows
  }
  const schema = `bench_memory_${randomUUID().replace(/-/g, '').slice(0, 10)}`
  const postgres = new PostgresMemoryService({ url: pgUrl, schema })
  try {
    rows.push(...(await storeRows('PostgreSQL tsvector + GIN', postgres, plan, µs(anchor), without.ours)))
  } finally {
    await postgres.close()
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  }
  return rows
}
