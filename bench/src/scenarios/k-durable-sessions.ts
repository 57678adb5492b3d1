import * as core from '@adk-fluent/core'
import { Agent, C } from '@adk-fluent/fluent'
import { PostgresSessionService, SqliteSessionService } from '@adk-fluent/sessions'
import * as adk from '@google/adk'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { ADK_TEMPLATE_EVENTS, openAdkDatabase, type AdkDatabase } from '../adk-database-sessions.js'
import type { BenchConfig } from '../bench-config.js'
import { historyEventText } from '../history-window.js'
import { ours, theirs, type ModelHandle } from '../kit.js'
import { collectGarbage, measureOne, stats, type PairPlan, type Sampler, type Stats } from '../measure.js'
import { formatNumber, type ResultRow, type Target } from '../report.js'
import { constantText } from '../scripted-model.js'

type Store = core.BaseSessionService & { close(): Promise<void> }
type Variant = 'default' | 'none' | 'window'

const APP = 'bench'
const USER = 'u'
const AGENT = 'assistant'
const WINDOW_TURNS = 5
const VARIANTS: readonly Variant[] = ['default', 'none', 'window']
const REPLY = 'Sure, here is the next answer.'
const pgUrl = process.env['ADK_FLUENT_BENCH_PG_URL'] ?? process.env['ADK_FLUENT_TEST_PG_URL']

/** What K measures: session sizes for the turn rows, the size of the window read, and samples. */
interface KPlan {
  readonly sizes: readonly number[]
  readonly readAt: number
  readonly turnPlan: PairPlan
  /** @google/adk's turns (up to seconds each at 20,000 events). */
  readonly adkTurnPlan: PairPlan
  readonly readPlan: PairPlan
}

function kPlan(config: BenchConfig): KPlan {
  if (config.quick) {
    return {
      sizes: [1000],
      readAt: 1000,
      turnPlan: { warmup: 1, samples: 2 },
      adkTurnPlan: { warmup: 1, samples: 2 },
      readPlan: { warmup: 1, samples: 3 },
    }
  }
  return {
    sizes: [1000, 5000, 20_000],
    readAt: 10_000,
    turnPlan: { warmup: 2, samples: 7, minSampleMs: 20, maxOps: 20 },
    adkTurnPlan: { warmup: 1, samples: 5 },
    readPlan: { warmup: 20, samples: 15, minSampleMs: 20, maxOps: 200 },
  }
}

const count = (value: number) => value.toLocaleString('en-US')
const variantName = (variant: Variant) =>
  variant === 'window' ? `C.window(${WINDOW_TURNS})` : `includeContents '${variant}'`

/** Appends `total` alternating user / assistant texts; per-append times (ms), one sample per 100 appends. */
async function fill(service: Store, sessionId: string, first: number, total: number): Promise<number[]> {
  let session = (await service.getSession({
    appName: APP,
    userId: USER,
    sessionId,
    config: { numRecentEvents: 0 },
  })) as core.Session
  const perAppend: number[] = []
  let start = performance.now()
  for (let offset = 0; offset < total; offset++) {
    const index = first + offset
    const author = index % 2 === 0 ? 'user' : AGENT
    const event = core.createEvent({
      invocationId: `history-${index >> 1}`,
      author,
      content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: historyEventText(index) }] },
      ...(index % 10 === 0 ? { actions: { stateDelta: { progress: index } } } : {}),
    })
    await service.appendEvent({ session, event })
    if ((offset + 1) % 100 === 0) {
      perAppend.push((performance.now() - start) / 100)
      start = performance.now()
      session = { ...session, events: [] }
    }
  }
  return perAppend
}

/** A timed turn and a check of what the model received (the whole history, or one content plus the window). */
interface TurnSide {
  readonly sampler: Sampler
  readonly check: (size: number) => Promise<void>
}

function turnSide<M>(label: string, variant: Variant, model: ModelHandle<M>, turn: () => Promise<void>): TurnSide {
  return {
    async sampler(ops) {
      const start = performance.now()
      for (let index = 0; index < ops; index++) await turn()
      return performance.now() - start
    },
    async check(size) {
      await turn()
      const contents = model.lastContentCount()
      if (variant === 'default' ? contents < size : contents !== 1)
        throw new Error(`K (${label}, ${variant}, ${size}): the model got ${contents} contents`)
      // The window holds the last turns: history texts, or the replies of turns measured before.
      const instruction = model.lastSystemInstruction()
      if (variant === 'window' && !instruction.includes('message ') && !instruction.includes(REPLY))
        throw new Error(`K (${label}, window): the context window is missing from the instruction`)
    },
  }
}

const newMessage = { role: 'user', parts: [{ text: 'And next?' }] }

/** Ours: core's `Runner` on the store; the window agent is fluent's `Agent(...).context(C.window(5))`. */
function ourTurn(label: string, service: Store, sessionId: string, variant: Variant): TurnSide {
  const model = ours.model(constantText(REPLY))
  const agent =
    variant === 'window'
      ? (Agent(AGENT)
          .model(model.model)
          .instruct('Answer the user.')
          .context(C.window(WINDOW_TURNS))
          .build() as core.BaseAgent)
      : new core.LlmAgent({
          name: AGENT,
          model: model.model,
          instruction: 'Answer the user.',
          ...(variant === 'none' ? { includeContents: 'none' as const } : {}),
        })
  const runner = new core.Runner({ appName: APP, agent, sessionService: service })
  return turnSide(label, variant, model, async () => {
    for await (const _ of runner.runAsync({ userId: USER, sessionId, newMessage })) {
      // stored by the runner
    }
  })
}

/** Theirs: `@google/adk`'s `Runner` on `DatabaseSessionService`; the window is D's hand-written instruction provider. */
function adkTurn(service: adk.BaseSessionService, sessionId: string, variant: Variant): TurnSide {
  const model = theirs.model(constantText(REPLY))
  const agent = theirs.llmAgent({
    name: AGENT,
    model,
    instruction: 'Answer the user.',
    ...(variant === 'none' ? { includeContents: 'none' as const } : {}),
    ...(variant === 'window' ? { windowTurns: WINDOW_TURNS } : {}),
  })
  const runner = new adk.Runner({ appName: APP, agent, sessionService: service })
  return turnSide('@google/adk DatabaseSessionService', variant, model, async () => {
    for await (const _ of runner.runAsync({ userId: USER, sessionId, newMessage })) {
      // stored by the runner
    }
  })
}

async function measureTurn(side: TurnSide, size: number, plan: PairPlan): Promise<Stats> {
  // A full GC first: a 'default' turn (ours or theirs) on 20,000 events leaves a heap of garbage the next side's
  // samples would otherwise pay to collect.
  collectGarbage()
  await side.check(size)
  return measureOne(side.sampler, plan)
}

const turnTargets: Record<Variant, Target | undefined> = {
  default: undefined,
  none: { kind: 'ratio', max: 0.05 },
  window: { kind: 'ratio', max: 0.05 },
}

const ADK_NOTE = `@google/adk 2.0.0's \`DatabaseSessionService\` (MikroORM 6.6.16 with the \`@mikro-orm/postgresql\` peer) on its own database of the same PostgreSQL server (it rewrites the schema it is given). Its session gets ${ADK_TEMPLATE_EVENTS} events through its own \`appendEvent\` (about 17 ms each); longer sessions copy those rows in SQL with new ids and earlier timestamps (sizes within ${ADK_TEMPLATE_EVENTS / 2} events). Its runner reads the whole session on every turn, whatever the agent sees. Ours and theirs measured one after the other: the ratio is the ratio of the medians.`

/** Growth from the smallest to the largest session, ours and (when measured) theirs. */
function growthNote(first: ResultRow | undefined, last: ResultRow | undefined): string | undefined {
  if (!first?.ours || !last?.ours || first === last) return undefined
  const theirsGrowth =
    first.theirs && last.theirs ? `; @google/adk grows ${formatNumber(last.theirs.median / first.theirs.median)}×` : ''
  return `ours grows ${formatNumber(last.ours.median / first.ours.median)}× from the smallest to the largest session (1 = flat)${theirsGrowth}.`
}

/** One store: a session grown through the plan's sizes, with appends, the window read and the turns measured on it. */
async function storeRows(
  label: string,
  service: Store,
  plan: KPlan,
  adkDb: AdkDatabase | undefined,
): Promise<ResultRow[]> {
  const sessionId = (await service.createSession({ appName: APP, userId: USER, sessionId: `k-${randomUUID()}` })).id
  const adkSession = adkDb ? await adkDb.createLongSession(APP, USER, AGENT) : undefined
  const appendSamples: number[] = []
  /** Per-append times once the session holds `plan.readAt` events or more: flat when an append is O(1). */
  const lateAppendSamples: number[] = []
  const storeRows: ResultRow[] = []
  const turnRows: Record<Variant, ResultRow[]> = { default: [], none: [], window: [] }
  let stored = 0
  const checkpoints = [...new Set([...plan.sizes, plan.readAt])].sort((a, b) => a - b)
  for (const size of checkpoints) {
    const samples = await fill(service, sessionId, stored, size - stored)
    if (stored < plan.readAt) appendSamples.push(...samples)
    else lateAppendSamples.push(...samples)
    stored = size
    if (size === plan.readAt) {
      const read = async () => {
        const session = await service.getSession({
          appName: APP,
          userId: USER,
          sessionId,
          config: { numRecentEvents: 50 },
        })
        if (session?.events.length !== 50)
          throw new Error(`K (${label}): getSession returned ${session?.events.length}`)
      }
      const window = await measureOne(async (ops) => {
        const start = performance.now()
        for (let index = 0; index < ops; index++) await read()
        return performance.now() - start
      }, plan.readPlan)
      storeRows.push(
        {
          scenario: 'K',
          name: `${label}: append, per event (first ${count(plan.readAt)} events of a session, one transaction each)`,
          unit: 'ms',
          ours: stats(appendSamples),
        },
        {
          scenario: 'K',
          name: `${label}: getSession, last 50 of ${count(plan.readAt)} events`,
          unit: 'ms',
          ours: window,
        },
      )
    }
    if (!plan.sizes.includes(size)) continue
    if (adkDb && adkSession) {
      const copies = Math.round((size - (await adkDb.eventCount(adkSession))) / ADK_TEMPLATE_EVENTS)
      if (copies > 0) await adkDb.prependHistory(adkSession, copies * ADK_TEMPLATE_EVENTS)
    }
    const largest = size === plan.sizes[plan.sizes.length - 1]
    for (const variant of VARIANTS) {
      const oursStats = await measureTurn(ourTurn(label, service, sessionId, variant), size, plan.turnPlan)
      const theirsStats =
        adkDb && adkSession
          ? await measureTurn(adkTurn(adkDb.service, adkSession, variant), size, plan.adkTurnPlan)
          : undefined
      turnRows[variant].push({
        scenario: 'K',
        name: `${label}: a turn on a persisted ${count(size)}-event session, ${variantName(variant)}${adkDb ? ' (theirs: DatabaseSessionService)' : ''}`,
        unit: 'ms',
        ours: oursStats,
        theirs: theirsStats,
        target: theirsStats && largest && size >= 20_000 ? turnTargets[variant] : undefined,
      })
    }
    // Measured turns added events: count what is stored before growing further.
    stored = (await service.getSession({ appName: APP, userId: USER, sessionId }))?.events.length ?? stored
  }
  const first = storeRows[0]?.ours
  if (first && lateAppendSamples.length > 0) {
    const late = stats(lateAppendSamples)
    storeRows.splice(1, 0, {
      scenario: 'K',
      name: `${label}: append, per event (events ${count(plan.readAt + 1)}–${count(Math.max(...plan.sizes))} of the same session)`,
      unit: 'ms',
      ours: late,
      note: `${formatNumber(late.median / first.median)}× the per-event append over the first ${count(plan.readAt)} events (1 = flat: an append costs the same on a long session).`,
    })
  }
  const rows = [...storeRows]
  for (const variant of VARIANTS) {
    const list = turnRows[variant]
    const last = list[list.length - 1]
    const growth = growthNote(list[0], last)
    if (last && growth) list[list.length - 1] = { ...last, note: growth }
    rows.push(...list)
  }
  if (adkDb && rows[storeRows.length]) rows[storeRows.length] = { ...rows[storeRows.length]!, note: ADK_NOTE }
  return rows
}

/**
 * K: durable sessions. On SQLite (`@libsql/client`, a temp file) and PostgreSQL (`ADK_FLUENT_BENCH_PG_URL` or
 * `ADK_FLUENT_TEST_PG_URL`, e.g. from `scripts/pg-test-server.sh`): append per event and a 50-event window read,
 * and one turn on a persisted long session per `includeContents` / `C.window(5)` at several sizes. On PostgreSQL the
 * same turn runs on `@google/adk` 2.0.0's `DatabaseSessionService` on the same server.
 */
export async function runDurableSessions(config: BenchConfig): Promise<ResultRow[]> {
  const plan = kPlan(config)
  const dir = mkdtempSync(join(tmpdir(), 'adk-bench-'))
  const rows: ResultRow[] = []
  const sqlite = new SqliteSessionService(join(dir, 'bench.db'))
  try {
    rows.push(...(await storeRows('SQLite', sqlite, plan, undefined)))
  } finally {
    await sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  }
  if (!pgUrl) {
    rows.push({
      scenario: 'K',
      name: 'PostgreSQL rows, and @google/adk DatabaseSessionService',
      unit: 'ms',
      note: 'skipped: set ADK_FLUENT_BENCH_PG_URL or ADK_FLUENT_TEST_PG_URL (e.g. from scripts/pg-test-server.sh)',
    })
    return rows
  }
  let adkDb: AdkDatabase | undefined
  let adkFailure: string | undefined
  try {
    adkDb = await openAdkDatabase(pgUrl)
  } catch (error) {
    adkFailure = (error as Error).message
  }
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 10)}`
  const postgres = new PostgresSessionService({ url: pgUrl, schema })
  try {
    rows.push(...(await storeRows('PostgreSQL', postgres, plan, adkDb)))
  } finally {
    await postgres.close()
    await adkDb?.close()
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  }
  if (adkFailure !== undefined) {
    rows.push({
      scenario: 'K',
      name: '@google/adk 2.0.0 DatabaseSessionService, same turn',
      unit: 'ms',
      note: `not measured: DatabaseSessionService did not open on this PostgreSQL: ${adkFailure}`,
    })
  }
  return rows
}
