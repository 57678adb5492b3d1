// A worker process for the durable-run tests: `node --import tsx --conditions=@adk-fluent/source <this file>`.
// Configured by environment variables; prints `ADK_WORKER_READY <version>` once it takes runs.
import type { SessionLease, SessionLeaseRequest } from '@adk-fluent/core'
import { PostgresSessionService } from '@adk-fluent/sessions'
import { DurableRunner } from '../index.js'
import {
  logLine,
  parallelTree,
  pipelineTree,
  slowTree,
  stepTree,
  waiterTree,
  workflowTree,
} from './agents.test-helper.js'

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
  ...(env['PAUSE_BEFORE'] ? { pauseBefore: env['PAUSE_BEFORE'] } : {}),
  ...(env['RACE_STEP'] ? { raceWith: need('DBOS_URL') } : {}),
}
const trees = {
  slow: () => slowTree({ ...options, workerId }),
  waiter: () => waiterTree(options),
  parallel: () => parallelTree(options),
  pipeline: () => pipelineTree(options),
  step: () => stepTree(options),
  workflow: () => workflowTree(options),
}
const agent = trees[(env['TREE'] ?? 'pipeline') as keyof typeof trees]()

/** The sessions' PostgreSQL store; with LOG_LEASES set, every lease granted is logged (`lease <session> <worker> <fence>`). */
class LoggingSessionService extends PostgresSessionService {
  override async acquireLease(request: SessionLeaseRequest): Promise<SessionLease | undefined> {
    const lease = await super.acquireLease(request)
    if (lease && env['LOG_LEASES']) logLine(log, `lease ${request.sessionId} ${workerId} ${lease.fence}`)
    return lease
  }
}
const sessionService = new LoggingSessionService({
  url: need('SESSIONS_URL'),
  maxConnections: 4,
  ...(env['SESSIONS_SCHEMA'] ? { schema: env['SESSIONS_SCHEMA'] } : {}),
})
const runner = await DurableRunner.launch({
  appName: need('APP'),
  databaseUrl: need('DBOS_URL'),
  agent,
  sessionService,
  workerId,
  ...(env['QUEUE'] ? { queueName: env['QUEUE'] } : {}),
  ...(env['WORKER_CONCURRENCY'] ? { workerConcurrency: Number(env['WORKER_CONCURRENCY']) } : {}),
  ...(env['CONCURRENCY'] ? { concurrency: Number(env['CONCURRENCY']) } : {}),
  ...(env['LEASE_TTL_MS'] ? { leaseTtlMs: Number(env['LEASE_TTL_MS']) } : {}),
  ...(env['STORE_RETRY_MS'] ? { storeRetryMs: Number(env['STORE_RETRY_MS']) } : {}),
  ...(env['RETAIN_RUNS_MS'] ? { retainRunsMs: Number(env['RETAIN_RUNS_MS']) } : {}),
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
