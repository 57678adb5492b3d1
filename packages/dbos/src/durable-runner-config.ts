import type {
  BaseAgent,
  BaseArtifactService,
  BasePlugin,
  BaseSessionService,
  ResumabilityConfig,
} from '@adk-fluent/core'
import type { DurableConnection } from './durable-client.js'

/** A {@link DurableRunner}'s configuration. */
export interface DurableRunnerConfig extends DurableConnection {
  agent: BaseAgent
  /** Where sessions live; it must survive the worker (PostgreSQL, SQLite) for a run to resume elsewhere. */
  sessionService: BaseSessionService
  artifactService?: BaseArtifactService
  plugins?: readonly BasePlugin[]
  /**
   * Makes runs resumable (as a `Runner`'s option): a pause stops the agents that depend on the paused one, and the
   * run that answers it goes on in the paused invocation, finished agents not run again.
   */
  resumabilityConfig?: ResumabilityConfig
  /**
   * This worker's id (DBOS executor id), default `<hostname>-<pid>`. A worker restarted with the same id resumes
   * its own unfinished runs at once; other workers resume a dead worker's runs after `deadAfterMs`.
   */
  workerId?: string
  /** Runs this worker executes at once (DBOS per-worker concurrency; default 4). */
  workerConcurrency?: number
  /** Runs all workers execute at once (DBOS global concurrency; default unlimited). */
  concurrency?: number
  /** How often the worker writes its heartbeat and looks for dead workers, in milliseconds (default 2,000). */
  heartbeatMs?: number
  /**
   * Lifetime of a run's session lease, in milliseconds (default `deadAfterMs`): renewed every third of it while the
   * run lasts, released when it ends; a killed worker's lease expires after it, and the run resumes elsewhere.
   */
  leaseTtlMs?: number
  /** How often the queue is polled for new runs, in milliseconds (default 200). */
  queuePollMs?: number
  /**
   * How long a run keeps going after its session store or its run store failed (database unreachable, connection
   * refused), in milliseconds (default 30,000). The execution stops at the failure and starts again from the run's
   * recorded steps, after 0.1 s, 0.2 s, … up to 2 s; nothing is written twice. After this long, the run fails with
   * the store's error. 0 fails the run at the first store failure.
   */
  storeRetryMs?: number
  /**
   * How long a finished run (succeeded, failed or cancelled) is kept, in milliseconds after it ended (default 7
   * days; `Infinity` keeps runs forever). Then a worker deletes it: its DBOS workflow, recorded steps and event log
   * (`getRun(id).status()` is `undefined` from then on). The session keeps the run's events.
   */
  retainRunsMs?: number
  /**
   * The agent tree version (default {@link agentTreeVersion} of `agent`). It hashes function source text, so every
   * worker must run the same build; set it explicitly (a release tag) to pin it across builds.
   */
  version?: string
  /** DBOS's log level (default `warn`). */
  logLevel?: 'error' | 'warn' | 'info' | 'debug'
}
