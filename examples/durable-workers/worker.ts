/**
 * A durable worker process: `DATABASE_URL=postgresql://… WORKER_ID=worker-1 pnpm durable-worker`.
 * Takes runs of the `explainer` pipeline from the queue (two at a time); each model call is a checkpointed step.
 */
import { DurableRunner } from '@adk-fluent/dbos'
import { PostgresSessionService } from '@adk-fluent/sessions'
import { APP, createPipeline, slowScriptedModel } from './pipeline.js'
import { databaseUrlOrExit } from './database-url.js'

const databaseUrl = databaseUrlOrExit('durable:worker')
const workerId = process.env['WORKER_ID'] ?? `worker-${process.pid}`
const sessionService = new PostgresSessionService(databaseUrl)
// #region launch
const runner = await DurableRunner.launch({
  appName: APP,
  databaseUrl,
  agent: createPipeline(slowScriptedModel(workerId, Number(process.env['DELAY_MS'] ?? 700))).build(),
  sessionService,
  workerId,
  workerConcurrency: 2,
  heartbeatMs: 500,
  deadAfterMs: 3000,
  queuePollMs: 100,
})
// #endregion launch
console.log(`[${workerId}] ready, agent tree ${runner.version}, pid ${process.pid}`)
const stop = async () => {
  await runner.shutdown()
  await sessionService.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
