import * as core from '@adk-fluent/core'
import { PostgresSessionService, SqliteSessionService } from '@adk-fluent/sessions'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { BenchConfig } from '../bench-config.js'
import { Agent, C } from '@adk-fluent/fluent'
import { ours, type ModelHandle } from '../kit.js'
import { measureOne, stats, type Stats } from '../measure.js'
import type { ResultRow } from '../report.js'
import { constantText, type OurScriptedModel } from '../scripted-model.js'

type Store = core.BaseSessionService & { close(): Promise<void> }

const APP = 'bench'
const AGENT = 'assistant'
const pgUrl = process.env['ADK_FLUENT_BENCH_PG_URL'] ?? process.env['ADK_FLUENT_TEST_PG_URL']

/** Appends `count` alternating user / assistant texts; returns the time per append (ms), one sample per 100 appends. */
async function fill(service: Store, sessionId: string, count: number): Promise<Stats> {
  let session = (await service.getSession({
    appName: APP,
    userId: 'u',
    sessionId,
    config: { numRecentEvents: 0 },
  })) as core.Session
  const perAppend: number[] = []
  let start = performance.now()
  for (let index = 0; index < count; index++) {
    const author = index % 2 === 0 ? 'user' : AGENT
    const event = core.createEvent({
      invocationId: `history-${index >> 1}`,
      author,
      content: {
        role: author === 'user' ? 'user' : 'model',
        parts: [{ text: `message ${index}: ${'lorem ipsum '.repeat(8)}` }],
      },
      ...(index % 10 === 0 ? { actions: { stateDelta: { progress: index } } } : {}),
    })
    await service.appendEvent({ session, event })
    if ((index + 1) % 100 === 0) {
      perAppend.push((performance.now() - start) / 100)
      start = performance.now()
      session = { ...session, events: [] }
    }
  }
  return stats(perAppend.length > 0 ? perAppend : [(performance.now() - start) / Math.max(1, count)])
}

function agent(
  variant: 'default' | 'none' | 'window',
  model: ModelHandle<OurScriptedModel>,
  windowAgent: (() => core.BaseAgent) | undefined,
) {
  if (variant === 'window' && windowAgent) return windowAgent()
  return new core.LlmAgent({
    name: AGENT,
    model: model.model,
    instruction: 'Answer the user.',
    ...(variant === 'none' ? { includeContents: 'none' as const } : {}),
  })
}

async function storeRows(label: string, open: () => Store, config: BenchConfig): Promise<ResultRow[]> {
  const rows: ResultRow[] = []
  const service = open()
  try {
    // Append per event and a window read on a 10,000-event session.
    const readSize = config.quick ? 500 : 10_000
    const readSession = await service.createSession({ appName: APP, userId: 'u', sessionId: `read-${randomUUID()}` })
    const append = await fill(service, readSession.id, readSize)
    rows.push({
      scenario: 'K',
      name: `${label}: append, per event (${readSize.toLocaleString('en-US')} events, one transaction each)`,
      unit: 'ms',
      ours: append,
    })
    const window = await measureOne(
      async (ops) => {
        const start = performance.now()
        for (let index = 0; index < ops; index++) {
          await service.getSession({
            appName: APP,
            userId: 'u',
            sessionId: readSession.id,
            config: { numRecentEvents: 50 },
          })
        }
        return performance.now() - start
      },
      config.quick ? { warmup: 1, samples: 3 } : { warmup: 20, samples: 15, minSampleMs: 20, maxOps: 200 },
    )
    rows.push({
      scenario: 'K',
      name: `${label}: getSession, last 50 of ${readSize.toLocaleString('en-US')} events`,
      unit: 'ms',
      ours: window,
    })

    // One turn on a persisted long session, by what the agent sees.
    const turnSize = config.quick ? 1000 : 20_000
    const session = await service.createSession({ appName: APP, userId: 'u', sessionId: `turn-${randomUUID()}` })
    await fill(service, session.id, turnSize)
    for (const variant of ['default', 'none', 'window'] as const) {
      const model = ours.model(constantText('Sure, here is the next answer.'))
      const windowAgent = () =>
        Agent(AGENT).model(model.model).instruct('Answer the user.').context(C.window(5)).build() as core.BaseAgent
      const runner = new core.Runner({
        appName: APP,
        agent: agent(variant, model, windowAgent),
        sessionService: service,
      })
      const turn = async () => {
        for await (const _ of runner.runAsync({
          userId: 'u',
          sessionId: session.id,
          newMessage: { role: 'user', parts: [{ text: 'And next?' }] },
        })) {
          // stored by the runner
        }
      }
      const stat = await measureOne(
        async (ops) => {
          const start = performance.now()
          for (let index = 0; index < ops; index++) await turn()
          return performance.now() - start
        },
        config.quick ? { warmup: 1, samples: 2 } : { warmup: 2, samples: 7 },
      )
      rows.push({
        scenario: 'K',
        name: `${label}: a turn on a persisted ${turnSize.toLocaleString('en-US')}-event session, ${variant === 'window' ? 'C.window(5)' : `includeContents '${variant}'`}`,
        unit: 'ms',
        ours: stat,
      })
    }
  } finally {
    await service.close()
  }
  return rows
}

/**
 * K: durable sessions. Append per event and a 50-event window read on SQLite (`@libsql/client`, a temp file) and
 * PostgreSQL (`ADK_FLUENT_BENCH_PG_URL` or `ADK_FLUENT_TEST_PG_URL`, e.g. from `scripts/pg-test-server.sh`), and
 * one turn on a persisted long session per `includeContents` / `C.window(5)`.
 */
export async function runDurableSessions(config: BenchConfig): Promise<ResultRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'adk-bench-'))
  const rows: ResultRow[] = []
  try {
    rows.push(...(await storeRows('SQLite', () => new SqliteSessionService(join(dir, 'bench.db')), config)))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  if (!pgUrl) {
    rows.push({
      scenario: 'K',
      name: 'PostgreSQL rows',
      unit: 'ms',
      note: 'skipped: set ADK_FLUENT_BENCH_PG_URL (or start scripts/pg-test-server.sh)',
    })
    return rows
  }
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 10)}`
  try {
    rows.push(...(await storeRows('PostgreSQL', () => new PostgresSessionService({ url: pgUrl, schema }), config)))
  } finally {
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  }
  rows.push({
    scenario: 'K',
    name: '@google/adk 2.0.0 DatabaseSessionService, same turn',
    unit: 'ms',
    note: 'not measured: it needs the optional peer @mikro-orm/postgresql, which this benchmark does not install (see the final report of issue 15)',
  })
  return rows
}
