// Scenario R's durable rows (DBOS is one engine per process):
//   tsx --conditions=@adk-fluent/source durable-pause-child.ts <pgUrl> <runs>
// A plain durable turn and a pause + answer cycle, alternately, on fresh sessions: each run's workflow time
// (dequeued → completed, as DBOS records it) and what the client sees (enqueue → result). Prints the samples as JSON.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { DurableRunner, type DurableRun } from '@adk-fluent/dbos'
import { PostgresSessionService } from '@adk-fluent/sessions'
import { FINAL_TEXT, PAUSE_TEXT, PLAIN_TEXT, R_APP, R_USER, pauseResumeApp } from './pause-resume-tree.js'

const [pgUrl, runsArg] = process.argv.slice(2)
if (!pgUrl || !runsArg) throw new Error('usage: durable-pause-child.ts <pgUrl> <runs>')
const runs = Number(runsArg)
const warmUp = 3
const suffix = randomBytes(4).toString('hex')
const dbosUrl = new URL(pgUrl)
dbosUrl.pathname = `/dbos_bench_r_${suffix}`
const schema = `bench_r_${suffix}`

const { app, paid } = pauseResumeApp(runs + warmUp + 2)
const sessions = new PostgresSessionService({ url: pgUrl, schema })
const runner = await DurableRunner.launch({
  appName: R_APP,
  databaseUrl: dbosUrl.toString(),
  agent: app.rootAgent,
  sessionService: sessions,
  resumabilityConfig: { isResumable: true },
  queuePollMs: 10,
  pollMs: 5,
})
const message = (text: string) => ({ role: 'user', parts: [{ text }] })

/** Waits for the run: its workflow time and the client's time since `start`, and its result. */
async function timed(run: DurableRun, start: number) {
  const result = await run.result({ timeoutMs: 60_000 })
  const seen = performance.now() - start
  const status = await run.status()
  if (!status?.completedAt || !status.dequeuedAt) throw new Error(`run ${run.id} has no timestamps`)
  return { result, workflow: status.completedAt - status.dequeuedAt, seen }
}

const workflow = { plain: [] as number[], pause: [] as number[], resume: [] as number[], extra: [] as number[] }
const endToEnd = { plain: [] as number[], pause: [] as number[], resume: [] as number[], extra: [] as number[] }
for (let index = 0; index < runs + warmUp; index++) {
  const plainSession = await sessions.createSession({ appName: R_APP, userId: R_USER })
  const pausedSession = await sessions.createSession({ appName: R_APP, userId: R_USER })
  const before = paid()
  let start = performance.now()
  const plain = await timed(
    await runner.startRun({ userId: R_USER, sessionId: plainSession.id, newMessage: message(PLAIN_TEXT) }),
    start,
  )
  start = performance.now()
  const pause = await timed(
    await runner.startRun({ userId: R_USER, sessionId: pausedSession.id, newMessage: message(PAUSE_TEXT) }),
    start,
  )
  const approval = pause.result.interrupts[0]
  if (!approval || paid() !== before + 1) throw new Error('R: the durable run did not pause before paying')
  start = performance.now()
  const resume = await timed(
    await runner.answerInterrupts({ userId: R_USER, sessionId: pausedSession.id, answers: { [approval.id]: true } }),
    start,
  )
  if (plain.result.finalText !== FINAL_TEXT || resume.result.finalText !== FINAL_TEXT || paid() !== before + 2)
    throw new Error(`R: unexpected durable runs (${plain.result.finalText} / ${resume.result.finalText})`)
  if (index < warmUp) continue
  for (const [into, key] of [
    [workflow, 'workflow'],
    [endToEnd, 'seen'],
  ] as const) {
    into.plain.push(plain[key])
    into.pause.push(pause[key])
    into.resume.push(resume[key])
    into.extra.push(pause[key] + resume[key] - plain[key])
  }
}
await runner.shutdown()
await sessions.close()
const admin = new pg.Client({ connectionString: pgUrl })
await admin.connect()
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
await admin.query(`DROP DATABASE IF EXISTS "${dbosUrl.pathname.slice(1)}" WITH (FORCE)`).catch(() => undefined)
await admin.end()
process.stdout.write(`${JSON.stringify({ ...workflow, endToEnd })}\n`)
process.exit(0)
