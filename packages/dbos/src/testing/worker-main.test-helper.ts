// A worker process for the durable-run tests: `node --import tsx --conditions=@adk-fluent/source <this file>`.
// Configured by environment variables; prints `ADK_WORKER_READY <version>` once it takes runs.
import { DurableRunner } from '../index.js'
import { pipelineTree, slowTree, waiterTree } from './agents.test-helper.js'
import { PgTestSessionService } from './pg-session-service.test-helper.js'

const env = process.env
const need = (name: string): string => {
  const value = env[name]
  if (!value) throw new Error(`worker: ${name} is not set`)
  return value
}
const workerId = need('WORKER_ID')
const log = need('LOG')
const options = {
  log,
  ...(env['BLOCK_BEFORE'] ? { blockBefore: env['BLOCK_BEFORE'] } : {}),
  ...(env['VARIANT'] ? { variant: env['VARIANT'] } : {}),
  ...(env['DELAY_MS'] ? { delayMs: Number(env['DELAY_MS']) } : {}),
}
const tree = env['TREE'] ?? 'pipeline'
const agent =
  tree === 'slow' ? slowTree({ ...options, workerId }) : tree === 'waiter' ? waiterTree(options) : pipelineTree(options)
const sessionService = await new PgTestSessionService(need('SESSIONS_URL')).init()
const runner = await DurableRunner.launch({
  appName: need('APP'),
  databaseUrl: need('DBOS_URL'),
  agent,
  sessionService,
  workerId,
  ...(env['WORKER_CONCURRENCY'] ? { workerConcurrency: Number(env['WORKER_CONCURRENCY']) } : {}),
  ...(env['CONCURRENCY'] ? { concurrency: Number(env['CONCURRENCY']) } : {}),
  heartbeatMs: Number(env['HEARTBEAT_MS'] ?? 500),
  deadAfterMs: Number(env['DEAD_AFTER_MS'] ?? 3000),
  queuePollMs: 100,
})
process.stdout.write(`ADK_WORKER_READY ${runner.version}\n`)
const stop = async () => {
  await runner.shutdown()
  await sessionService.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
