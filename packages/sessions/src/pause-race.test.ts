// Issue 42, attacked: two processes (two runners, each with its own connection to one store) answer the same
// approval at the same moment. The approved tool runs exactly once and its result is stored once, on SQLite and on
// PostgreSQL, whether the second run is refused (onBusy 'reject') or queued behind the first (onBusy 'wait').
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  App,
  FunctionTool,
  LlmAgent,
  Runner,
  answerInterrupts,
  listPendingInterrupts,
  type BaseSessionService,
  type LlmRequest,
} from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { SqliteSessionService } from './index.js'
import { openPostgres, pgTitle, pgUrl } from './test-databases.test-helper.js'

const closers: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const close of closers) await close()
})

/** One "process": its own agent tree and runner on its own connection; `paid` counts the refunds it made. */
function processOn(service: BaseSessionService, onBusy: 'reject' | 'wait', resumable: boolean) {
  const paid: number[] = []
  const reply = (request: LlmRequest) =>
    request.contents.at(-1)?.parts?.some((part) => typeof part.text === 'string')
      ? call('refund', { order: 42 }, 'c1')
      : text('Refunded.')
  const agent = new LlmAgent({
    name: 'desk',
    model: new ScriptedLlm(Array.from({ length: 10 }, () => reply)),
    tools: [
      new FunctionTool({
        name: 'refund',
        description: 'Refunds an order.',
        requireConfirmation: true,
        execute: async (args: Record<string, unknown>) => {
          const order = args['order'] as number
          await new Promise((resolve) => setTimeout(resolve, 20))
          paid.push(order)
          return { refunded: order }
        },
      }),
    ],
  })
  const runner = resumable
    ? new Runner({
        app: new App({ name: 'shop', rootAgent: agent, resumabilityConfig: { isResumable: true } }),
        sessionService: service,
        onBusy,
      })
    : new Runner({ appName: 'shop', agent, sessionService: service, onBusy })
  return { runner, paid }
}

async function drain(events: AsyncGenerator<unknown>): Promise<unknown> {
  try {
    for await (const _ of events) void _
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? error
  }
}

async function race(open: () => BaseSessionService, onBusy: 'reject' | 'wait', resumable: boolean) {
  const [one, two] = [processOn(open(), onBusy, resumable), processOn(open(), onBusy, resumable)]
  const at = { userId: 'u', sessionId: `s-${onBusy}-${resumable}` }
  await one.runner.sessionService.createSession({ appName: 'shop', ...at })
  await drain(one.runner.runAsync({ ...at, newMessage: { role: 'user', parts: [{ text: 'refund 42' }] } }))
  const [pending] = await listPendingInterrupts(two.runner.sessionService, { appName: 'shop', ...at })
  const answer = { ...at, answers: { [pending!.id]: true } }
  const outcomes = await Promise.all([
    drain(answerInterrupts(one.runner, answer)),
    drain(answerInterrupts(two.runner, answer)),
  ])
  const session = await one.runner.sessionService.getSession({ appName: 'shop', ...at })
  const results = (session?.events ?? [])
    .flatMap((event) => event.content?.parts ?? [])
    .filter((part) => part.functionResponse?.name === 'refund')
  return { paid: [...one.paid, ...two.paid], outcomes, results }
}

/** `also`: an outcome a store may add (see the SQLite suite). */
const allCases = [
  ['reject', false],
  ['reject', true],
  ['wait', false],
  ['wait', true],
] as const

function suite(
  open: () => BaseSessionService,
  also: string[] = [],
  cases: readonly (typeof allCases)[number][] = allCases,
) {
  for (const [onBusy, resumable] of cases)
    it(`onBusy '${onBusy}'${resumable ? ', resumable' : ''}: the refund runs once`, async () => {
      const { paid, outcomes, results } = await race(open, onBusy, resumable)
      expect(paid).toEqual([42])
      expect(results).toHaveLength(1)
      expect(outcomes).toContain('ok')
      for (const outcome of outcomes)
        expect(['ok', 'SESSION_BUSY', 'INTERRUPT_ANSWER_INVALID', ...also]).toContain(outcome)
    }, 60_000)
}

describe('two processes answer one approval at once: SQLite', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'adk-race-')), 'sessions.db')
  // Two connections to one file in one process: the second one's write waits on SQLite's busy timeout (5 s) while the
  // first holds the file, and may then fail with SESSION_STORE_FAILED; nothing is paid twice either way.
  suite(
    () => {
      const service = new SqliteSessionService(file)
      closers.push(() => service.close())
      return service
    },
    ['SESSION_STORE_FAILED'],
    [allCases[0], allCases[3]],
  )
})

describe.skipIf(!pgUrl)(`two processes answer one approval at once: ${pgTitle}`, () => {
  const { service: first, schema, close } = openPostgres()
  closers.push(close)
  suite(() => {
    const service = openPostgres(schema).service
    if (service !== first) closers.unshift(() => service.close())
    return service
  })
})
