// Scenario I's measuring process (DBOS is one engine per process): `tsx --conditions=@adk-fluent/source
// durable-child.ts <pgUrl> <runs>`. Runs a 5-step pipeline (zero-latency scripted model) with the plain Runner and
// as durable runs, on the same PostgreSQL session store, and prints the milliseconds per run of each as JSON.
import { randomBytes } from 'node:crypto'
import { LlmAgent, Runner, SequentialAgent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { DurableRunner } from '@adk-fluent/dbos'
import { PostgresSessionService } from '@adk-fluent/sessions'

const [pgUrl, runsArg] = process.argv.slice(2)
if (!pgUrl) throw new Error('usage: durable-child.ts <pgUrl> <runs>')
const runs = Number(runsArg ?? 20)
const steps = 5
const pipeline = () =>
  new SequentialAgent({
    name: 'pipeline',
    subAgents: Array.from(
      { length: steps },
      (_, index) =>
        new LlmAgent({
          name: `step_${index + 1}`,
          model: new ScriptedLlm(Array.from({ length: 2 * runs + 10 }, () => `answer ${index + 1}`)),
          instruction: `Step ${index + 1}.`,
        }),
    ),
  })
const app = `bench_${randomBytes(4).toString('hex')}`
const sessions = new PostgresSessionService(pgUrl)
const message = { role: 'user', parts: [{ text: 'go' }] }

const plain: number[] = []
const runner = new Runner({ appName: app, agent: pipeline(), sessionService: sessions })
for (let index = 0; index < runs + 2; index++) {
  await sessions.createSession({ appName: app, userId: 'u', sessionId: `plain-${index}` })
  const start = performance.now()
  for await (const _ of runner.runAsync({ userId: 'u', sessionId: `plain-${index}`, newMessage: message })) void _
  if (index >= 2) plain.push(performance.now() - start)
}

const dbosUrl = new URL(pgUrl)
dbosUrl.pathname = `/dbos_${app}`
const durable = await DurableRunner.launch({
  appName: app,
  databaseUrl: dbosUrl.toString(),
  agent: pipeline(),
  sessionService: sessions,
  queuePollMs: 20,
})
const measured: number[] = []
for (let index = 0; index < runs + 2; index++) {
  await sessions.createSession({ appName: app, userId: 'u', sessionId: `durable-${index}` })
  const run = await durable.startRun({ userId: 'u', sessionId: `durable-${index}`, newMessage: message })
  await run.result()
  // The workflow's own time (dequeued → completed), as DBOS recorded it: the queue's polling delay is not counted.
  const status = await run.status()
  if (index >= 2 && status?.completedAt && status.dequeuedAt) measured.push(status.completedAt - status.dequeuedAt)
}
await durable.shutdown()
await sessions.close()
process.stdout.write(`${JSON.stringify({ steps, plain, durable: measured })}\n`)
process.exit(0)
