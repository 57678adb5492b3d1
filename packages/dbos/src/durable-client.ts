import { randomUUID } from 'node:crypto'
import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk'
import {
  ConfigError,
  listPendingInterrupts,
  type BaseAgent,
  type BaseSessionService,
  type PendingInterrupt,
  type RunAsyncRequest,
  type RunConfig,
} from '@adk-fluent/core'
import { DurableRun, type RunContext } from './durable-run.js'
import { answerRun, type AnswerInterruptsRequest } from './durable-answers.js'
import { agentTreeVersion, dbosVersionOf, treeVersionOf } from './tree-version.js'
import { RunStore } from './run-store.js'
import { WorkerRegistry } from './worker-registry.js'
import { checkOptions, checkStartRun } from './check-options.js'
import { RunIdTakenError } from './errors.js'

/** The default queue runs are enqueued on. */
export const DEFAULT_QUEUE = 'adk-fluent-runs'

/** Where the runs of one app live: the DBOS system database and the queue. */
export interface DurableConnection {
  /** The app name (sessions' `appName`, and DBOS's application name). */
  appName: string
  /** PostgreSQL URL of the DBOS system database (created when absent). */
  databaseUrl: string
  /** The queue runs go through (default `adk-fluent-runs`). */
  queueName?: string
  /** How often `result()` polls a run's status, in milliseconds (default 200). */
  pollMs?: number
  /** A worker silent for longer than this is dead and its runs resume elsewhere, in milliseconds (default 10,000). */
  deadAfterMs?: number
}

/** The agent tree runs are started for: the tree itself, or its version string ({@link agentTreeVersion}). */
export type TreeRef = { agent: BaseAgent } | { version: string }

/** A client's options: the connection, the tree, and where the sessions live (to read and answer paused runs). */
export type ClientOptions = DurableConnection & TreeRef & { sessionService?: BaseSessionService }

/** What {@link DurableClient.startRun} needs; `runId` makes the start idempotent (the same id is one run). */
export interface StartRunRequest {
  userId: string
  sessionId: string
  newMessage: Content
  stateDelta?: Record<string, unknown>
  runConfig?: RunConfig
  /** The run's id (default: a random UUID). Starting twice with one id starts one run. */
  runId?: string
}

type Content = RunAsyncRequest['newMessage']

/** The workflow's input: everything a worker needs to execute (and re-execute) the run. */
export interface RunInput {
  appName: string
  userId: string
  sessionId: string
  newMessage: Content
  stateDelta?: Record<string, unknown>
  runConfig?: RunConfig
  version: string
}

/** The name of the workflow that runs an app's invocations. */
export function workflowNameOf(appName: string): string {
  return `adk-fluent.run:${appName}`
}

/**
 * Starts, finds and cancels durable runs of one app from any process (an API server, a CLI): runs are enqueued on
 * the app's queue and executed by {@link DurableRunner} workers. Needs the agent tree (or its version) so that
 * only workers running the same tree take its runs.
 */
export class DurableClient {
  readonly appName: string
  readonly version: string
  readonly queueName: string
  readonly #context: RunContext
  readonly #sessionService: BaseSessionService | undefined

  protected constructor(
    appName: string,
    version: string,
    queueName: string,
    context: RunContext,
    sessionService?: BaseSessionService,
  ) {
    this.appName = appName
    this.version = version
    this.queueName = queueName
    this.#context = context
    this.#sessionService = sessionService
  }

  /** Connects to the app's database (give `sessionService` to read and answer the interrupts of paused runs). */
  static async connect(options: ClientOptions): Promise<DurableClient> {
    checkOptions('DurableClient.connect', options)
    const version =
      'agent' in options && options.agent ? agentTreeVersion(options.agent) : (options as { version: string }).version
    const context = await openContext(options)
    const queue = options.queueName ?? DEFAULT_QUEUE
    return new DurableClient(options.appName, version, queue, context, options.sessionService)
  }

  /**
   * Enqueues a run: the user's message on the session. Runs of one session never overlap: the queue is
   * partitioned by session with one run at a time per partition.
   */
  async startRun(request: StartRunRequest): Promise<DurableRun> {
    checkStartRun(request)
    const runId = request.runId ?? randomUUID()
    const input: RunInput = {
      appName: this.appName,
      userId: request.userId,
      sessionId: request.sessionId,
      newMessage: request.newMessage,
      version: this.version,
    }
    if (request.stateDelta) input.stateDelta = request.stateDelta
    if (request.runConfig) input.runConfig = request.runConfig
    const partition = sessionPartition(this.appName, request.userId, request.sessionId)
    const workflowName = workflowNameOf(this.appName)
    await this.#context.client.enqueue(
      {
        queueName: this.queueName,
        workflowName,
        workflowID: runId,
        appVersion: dbosVersionOf(this.appName, this.version),
        applicationName: this.appName,
        queuePartitionKey: partition,
      },
      input,
    )
    // DBOS finds an existing run by its id whatever it was asked to enqueue: a caller-chosen id of another session's
    // run would hand that run to this caller and drop this message. (A generated id is new: nothing to check.)
    if (request.runId !== undefined) {
      const status = await this.#context.client.getWorkflow(runId)
      if (status?.queuePartitionKey !== partition || status.workflowName !== workflowName)
        throw new RunIdTakenError(runId)
    }
    return this.getRun(runId)
  }

  /**
   * The session's inbox: what its paused runs wait for (approvals, requested input, long-running results), oldest
   * first. A paused run holds no worker: its workflow ended, and its session keeps the pause.
   */
  async pendingInterrupts(request: { userId: string; sessionId: string }): Promise<PendingInterrupt[]> {
    const sessionService = this.#inbox('pendingInterrupts')
    return listPendingInterrupts(sessionService, { appName: this.appName, ...request })
  }

  /**
   * Answers pending interrupts of a session (some or all of one invocation's) and enqueues the run that goes on
   * with them: any worker takes it, and the paused invocation resumes from its stored events (an approved call runs
   * in this run, as a checkpointed step). The answers are checked first (`InterruptAnswerError`, nothing enqueued).
   * Answering the same interrupts again before that run stored them returns the same run (its id is derived from
   * the answered ids), so a retried request does not start a second one.
   */
  async answerInterrupts(request: AnswerInterruptsRequest): Promise<DurableRun> {
    const { newMessage, runId } = await answerRun(this.#inbox('answerInterrupts'), this.appName, request)
    const { userId, sessionId, runConfig } = request
    return this.startRun({ userId, sessionId, newMessage, runId, ...(runConfig ? { runConfig } : {}) })
  }

  #inbox(method: string): BaseSessionService {
    if (this.#sessionService) return this.#sessionService
    throw new ConfigError([
      {
        code: 'service_missing',
        path: [`DurableClient.${method}`, 'sessionService'],
        message: `${method} reads the session's pending interrupts, and this client has no sessionService.`,
        hint: 'Connect with the session store the workers use: DurableClient.connect({ …, sessionService }).',
      },
    ])
  }

  /** A handle on a run by id (made by any process). */
  getRun(runId: string): DurableRun {
    return new DurableRun(runId, this.#context)
  }

  /** Cancels a run: it stops at its next step. */
  async cancelRun(runId: string): Promise<void> {
    await this.#context.client.cancelWorkflow(runId)
  }

  /**
   * Runs of this app that wait (enqueued, or left by a dead worker) under another agent tree version than this
   * one's: no worker of this version will take them.
   */
  async runsOfOtherVersions(): Promise<{ runId: string; version: string }[]> {
    const waiting = await this.#context.client.listWorkflows({
      workflowName: workflowNameOf(this.appName),
      status: ['ENQUEUED', 'PENDING'],
      loadInput: false,
      loadOutput: false,
    })
    return waiting
      .map((status) => ({ runId: status.workflowID, version: treeVersionOf(status.applicationVersion) }))
      .filter(
        (run): run is { runId: string; version: string } => run.version !== undefined && run.version !== this.version,
      )
  }

  /** Closes the database connections. */
  async close(): Promise<void> {
    await this.#context.client.destroy()
    await this.#context.registry.close()
    await this.#context.store.close()
  }

  /** @internal */
  protected get context(): RunContext {
    return this.#context
  }
}

/** The queue partition of a session: one run at a time per partition. */
export function sessionPartition(appName: string, userId: string, sessionId: string): string {
  return JSON.stringify([appName, userId, sessionId])
}

export async function openContext(options: DurableConnection, storeConnections = 2): Promise<RunContext> {
  await migrate(options.databaseUrl)
  const client = await DBOSClient.create({ systemDatabaseUrl: options.databaseUrl, applicationName: options.appName })
  const registry = new WorkerRegistry(options.databaseUrl, options.appName)
  await registry.init()
  const store = new RunStore(options.databaseUrl, storeConnections)
  await store.init()
  return { client, registry, store, pollMs: options.pollMs ?? 200, deadAfterMs: options.deadAfterMs ?? 10_000 }
}

/**
 * Creates or upgrades DBOS's system database before launch. Workers started together on a fresh database race on
 * DBOS's migrations (PostgreSQL reports a deadlock to one of them): the loser tries again.
 */
export async function migrate(databaseUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await DBOS.migrate(databaseUrl)
      return
    } catch (error) {
      if (attempt >= 5) throw error
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.random() * 300))
    }
  }
}
