// Scenario I's measuring process (DBOS is one engine per process):
//   tsx --conditions=@adk-fluent/source durable-child.ts <pgUrl> <runs> <steps>   a pipeline of <steps> steps
//     (zero-latency scripted model) with the plain Runner and as a durable run, alternately, on the same PostgreSQL
//     session store: the milliseconds of each run, and where a durable run's time goes;
//   tsx --conditions=@adk-fluent/source durable-child.ts <pgUrl> probe   what one DBOS step checkpoint, one DBOS
//     stream write and one plain INSERT cost alone.
// Prints the samples as JSON.
import { randomBytes } from 'node:crypto'
import { DBOS } from '@dbos-inc/dbos-sdk'
import pg from 'pg'
import { BasePlugin, LlmAgent, Runner, SequentialAgent, type InvocationContext } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { DurableRunner } from '@adk-fluent/dbos'
import { PostgresSessionService } from '@adk-fluent/sessions'

const [pgUrl, runsArg, stepsArg] = process.argv.slice(2)
if (!pgUrl) throw new Error('usage: durable-child.ts <pgUrl> (<runs> <steps> | probe)')
const warmUp = 2

function pipeline(steps: number, runs: number) {
  return new SequentialAgent({
    name: 'pipeline',
    subAgents: Array.from(
      { length: steps },
      (_, index) =>
        new LlmAgent({
          name: `step_${index + 1}`,
          model: new ScriptedLlm(Array.from({ length: 2 * (runs + warmUp) + 5 }, () => `answer ${index + 1}`)),
          instruction: `Step ${index + 1}.`,
        }),
    ),
  })
}

const app = `bench_${randomBytes(4).toString('hex')}`
const dbosUrl = new URL(pgUrl)
dbosUrl.pathname = `/dbos_${app}`
const message = { role: 'user', parts: [{ text: 'go' }] }

/** When the durable run's agents started and ended (epoch ms): a plugin's before/after run callbacks. */
const agentWindow = new Map<string, { start: number; end: number }>()
class TimingPlugin extends BasePlugin {
  constructor() {
    super('bench-timing')
  }
  override beforeRunCallback({ invocationContext }: { invocationContext: InvocationContext }): undefined {
    agentWindow.set(invocationContext.invocationId, { start: Date.now(), end: 0 })
    return undefined
  }
  override afterRunCallback({ invocationContext }: { invocationContext: InvocationContext }): undefined {
    const window = agentWindow.get(invocationContext.invocationId)
    if (window) window.end = Date.now()
    return undefined
  }
}
const timing = new TimingPlugin()

/** Plain and durable runs of one pipeline, alternately. */
async function pipelines(runs: number, steps: number) {
  const sessions = new PostgresSessionService(pgUrl as string)
  const plainRunner = new Runner({
    appName: app,
    agent: pipeline(steps, runs),
    sessionService: sessions,
    plugins: [timing],
  })
  const runner = await DurableRunner.launch({
    appName: app,
    databaseUrl: dbosUrl.toString(),
    agent: pipeline(steps, runs),
    sessionService: sessions,
    plugins: [timing],
    queuePollMs: 100,
  })
  const plain: number[] = []
  const durable: number[] = []
  /** Dequeued → the agents start (DBOS's dispatch, the lease, the session snapshot), and agents end → completed. */
  const before: number[] = []
  const after: number[] = []
  for (let index = 0; index < runs + warmUp; index++) {
    await sessions.createSession({ appName: app, userId: 'u', sessionId: `plain-${index}` })
    const start = performance.now()
    for await (const _ of plainRunner.runAsync({ userId: 'u', sessionId: `plain-${index}`, newMessage: message }))
      void _
    const plainMs = performance.now() - start
    await sessions.createSession({ appName: app, userId: 'u', sessionId: `durable-${index}` })
    const run = await runner.startRun({ userId: 'u', sessionId: `durable-${index}`, newMessage: message })
    await run.result()
    // The workflow's own time (dequeued → completed), as DBOS recorded it: the queue's polling delay is not counted.
    const status = await run.status()
    const window = agentWindow.get(run.invocationId)
    if (index < warmUp || !status?.completedAt || !status.dequeuedAt || !window) continue
    plain.push(plainMs)
    durable.push(status.completedAt - status.dequeuedAt)
    before.push(window.start - status.dequeuedAt)
    after.push(status.completedAt - window.end)
  }
  await runner.shutdown()
  await sessions.close()
  return { plain, durable, before, after }
}

/** DBOS's own checkpoints alone (no agent): what a design with one DBOS step per call pays; and one plain INSERT. */
async function probe(): Promise<{
  dbosStep: number[]
  dbosStream: number[]
  dbosRun: number[]
  dbosPartitionedRun: number[]
  insert: number[]
}> {
  const ops = 40
  const workflow = DBOS.registerWorkflow(
    async () => {
      const start = performance.now()
      for (let index = 0; index < ops; index++) await DBOS.runStep(async () => index, { name: 'noop' })
      const steps = performance.now()
      for (let index = 0; index < ops; index++) await DBOS.writeStream('probe', { index })
      return { step: (steps - start) / ops, stream: (performance.now() - steps) / ops }
    },
    { name: 'probe' },
  )
  const empty = DBOS.registerWorkflow(async () => 0, { name: 'empty' })
  DBOS.setConfig({ name: app, systemDatabaseUrl: dbosUrl.toString(), logLevel: 'warn' })
  await DBOS.migrate(dbosUrl.toString())
  await DBOS.launch()
  const samples: { step: number; stream: number }[] = []
  for (let index = 0; index < 5; index++) samples.push(await (await DBOS.startWorkflow(workflow)()).getResult())
  // An empty workflow through a queue: what DBOS itself costs a run (dequeued → completed); and through a queue
  // partitioned with one run per partition at a time, as durable runs are queued (one partition per session).
  await DBOS.registerQueue('probe', { minPollingIntervalMs: 100 })
  await DBOS.registerQueue('probe-partitioned', { minPollingIntervalMs: 100, partitionConcurrency: 1 })
  const dbosRun: number[] = []
  const dbosPartitionedRun: number[] = []
  for (let index = 0; index < 22; index++) {
    for (const partitioned of [false, true]) {
      const handle = await DBOS.startWorkflow(
        empty,
        partitioned
          ? { queueName: 'probe-partitioned', enqueueOptions: { queuePartitionKey: `session-${index}` } }
          : { queueName: 'probe' },
      )()
      await handle.getResult()
      const status = await DBOS.getWorkflowStatus(handle.workflowID)
      if (index >= 2 && status?.completedAt && status.dequeuedAt)
        (partitioned ? dbosPartitionedRun : dbosRun).push(status.completedAt - status.dequeuedAt)
    }
  }
  await DBOS.shutdown()
  const client = new pg.Client({ connectionString: dbosUrl.toString() })
  await client.connect()
  await client.query('CREATE TEMP TABLE probe (k int PRIMARY KEY, v text)')
  const insert: number[] = []
  for (let index = 0; index < 5 * ops; index++) {
    const start = performance.now()
    await client.query('INSERT INTO probe VALUES ($1, $2)', [index, JSON.stringify({ index })])
    insert.push(performance.now() - start)
  }
  await client.end()
  return {
    dbosStep: samples.map((sample) => sample.step),
    dbosStream: samples.map((sample) => sample.stream),
    dbosRun,
    dbosPartitionedRun,
    insert,
  }
}

const result = runsArg === 'probe' ? await probe() : await pipelines(Number(runsArg ?? 20), Number(stepsArg ?? 5))
process.stdout.write(`${JSON.stringify(result)}\n`)
process.exit(0)
