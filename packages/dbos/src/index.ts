export { DurableRunner } from './durable-runner.js'
export type { DurableRunnerConfig } from './durable-runner.js'
export { DurableClient, DEFAULT_QUEUE } from './durable-client.js'
export type { ClientOptions, DurableConnection, StartRunRequest, TreeRef } from './durable-client.js'
export type { AnswerInterruptsRequest } from './durable-answers.js'
export { DurableRun } from './durable-run.js'
export type { RunResult, RunState, RunStatus, RunSummary } from './durable-run.js'
export {
  AgentTreeChangedError,
  ReplayMismatchError,
  RunCancelledError,
  RunFailedError,
  RunIdTakenError,
  RunLostError,
  RunStoreError,
} from './errors.js'
export { agentTreeVersion } from './tree-version.js'
