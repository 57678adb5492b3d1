import { hostname } from 'node:os'
import { DBOS } from '@dbos-inc/dbos-sdk'
import {
  ConfigError,
  Runner,
  AdkFluentError,
  SessionStoreError,
  isFinalResponse,
  stringifyContent,
  type Session,
} from '@adk-fluent/core'
import { sessionErrors } from '@adk-fluent/core/internal'
import { DurableClient, DEFAULT_QUEUE, migrate, openContext, workflowNameOf, type RunInput } from './durable-client.js'
import { finishedStates, invocationIdOf, type RunSummary } from './durable-run.js'
import { CancelWatch } from './cancel-watch.js'
import { checkOptions } from './check-options.js'
import { EventLogWriter } from './event-log-writer.js'
import { DurableHooks } from './durable-hooks.js'
import { CheckpointGate } from './checkpoint-gate.js'
import { AgentTreeChangedError, RunLostError } from './errors.js'
import { answersCalls, isPause, waitingIn } from './durable-answers.js'
import { RunOwnership } from './run-ownership.js'
import type { StepRecord } from './run-store.js'
import { RunSessionView, type SessionSnapshot } from './run-session-view.js'
import { holdSession, type SessionHold } from './session-hold.js'
import { agentTreeVersion, dbosVersionOf } from './tree-version.js'
import type { DurableRunnerConfig } from './durable-runner-config.js'

export type { DurableRunnerConfig } from './durable-runner-config.js'

let launched: DurableRunner | undefined

/** The name of a run's first step: the session as the run found it. */
const openSession = 'open-session'

/** What {@link DurableRunner}'s execution returns when a new execution must go on from the recorded steps. */
const startAgain = Symbol('start again')

/** Finished runs deleted per prune. */
const pruneBatch = 500

/** A session store or run store failure: the execution stops, and the run tries again from its recorded steps. */
function storeFailed(error: unknown): boolean {
  return SessionStoreError.isInstance(error) && error.code === 'SESSION_STORE_FAILED'
}

/**
 * A worker that executes durable runs: each run is a DBOS workflow, each model call and each tool call a
 * checkpointed step. After a crash the run resumes from its last completed step (on this worker's restart, or on
 * another worker once this one's heartbeat stops) and its session ends with the events of one uninterrupted run.
 * It is also a {@link DurableClient}: start, find and cancel runs from it. One runner per process (DBOS is a
 * process-wide engine).
 */
export class DurableRunner extends DurableClient {
  readonly workerId: string
  readonly #config: DurableRunnerConfig
  #timer: ReturnType<typeof setInterval> | undefined
  #cancels: CancelWatch
  #sweeping: Promise<void> | undefined
  #pruning: Promise<void> | undefined
  #lastPrune = 0
  /** The newest execution of each run in this process: an older one still going stops at its next call. */
  readonly #executions = new Map<string, RunOwnership>()

  private constructor(config: DurableRunnerConfig, version: string, context: Awaited<ReturnType<typeof openContext>>) {
    super(config.appName, version, config.queueName ?? DEFAULT_QUEUE, context, config.sessionService)
    this.#config = config
    this.workerId = config.workerId ?? `${hostname()}-${process.pid}`
    this.#cancels = new CancelWatch(context.client, context.pollMs)
  }

  /** Registers the run workflow, launches DBOS (which resumes this worker's unfinished runs) and starts polling. */
  static async launch(config: DurableRunnerConfig): Promise<DurableRunner> {
    checkOptions('DurableRunner.launch', config)
    if (launched)
      throw new ConfigError([
        {
          code: 'durable_runner_running',
          path: ['DurableRunner.launch'],
          message: `A DurableRunner is already running in this process (app ${launched.appName}); DBOS runs one engine per process.`,
          hint: 'Shut the running one down first (await runner.shutdown()), or start each worker in its own process.',
        },
      ])
    const version = config.version ?? agentTreeVersion(config.agent)
    const workerId = config.workerId ?? `${hostname()}-${process.pid}`
    const queueName = config.queueName ?? DEFAULT_QUEUE
    DBOS.setConfig({
      name: config.appName,
      systemDatabaseUrl: config.databaseUrl,
      applicationVersion: dbosVersionOf(config.appName, version),
      executorID: workerId,
      logLevel: config.logLevel ?? 'warn',
      listenQueues: [queueName],
    })
    // Runs recovered by DBOS.launch start before the runner exists: they wait for it.
    let ready: (runner: DurableRunner) => void = () => undefined
    const runnerReady = new Promise<DurableRunner>((resolve) => (ready = resolve))
    const workflow = async (input: RunInput): Promise<RunSummary> => (await runnerReady).#execute(input)
    DBOS.registerWorkflow(workflow, { name: workflowNameOf(config.appName) })
    await migrate(config.databaseUrl)
    for (let attempt = 1; ; attempt++) {
      try {
        await DBOS.launch()
        break
      } catch (error) {
        // Another worker launching at the same moment on a fresh database can make DBOS's set-up collide.
        if (attempt >= 3) throw error
        await DBOS.shutdown().catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 300 * attempt + Math.random() * 300))
      }
    }
    await DBOS.registerQueue(queueName, {
      workerConcurrency: config.workerConcurrency ?? 4,
      ...(config.concurrency !== undefined ? { globalConcurrency: config.concurrency } : {}),
      partitionConcurrency: 1,
      minPollingIntervalMs: config.queuePollMs ?? 200,
      onConflict: 'always_update',
    })
    // A run writes its steps on one connection and its event log on another.
    const context = await openContext(config, 2 * (config.workerConcurrency ?? 4) + 1)
    const worker = new DurableRunner({ ...config, workerId }, version, context)
    launched = worker
    await context.registry.heartbeat(workerId, version)
    worker.#timer = setInterval(() => worker.#tick(), config.heartbeatMs ?? 2000)
    worker.#timer.unref()
    ready(worker)
    return worker
  }

  /** Stops taking runs and shuts DBOS down (runs in flight resume on restart or on another worker). */
  async shutdown(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#cancels.close()
    await this.#sweeping
    await this.#pruning
    await this.context.registry.remove(this.workerId).catch(() => undefined)
    await DBOS.shutdown()
    await this.close()
    if (launched === this) launched = undefined
  }

  /** One heartbeat; then the runs of workers found dead are put back on the queue (each dead worker by one worker). */
  #tick(): void {
    this.#sweeping ??= this.#sweep()
      .catch((error: unknown) => DBOS.logger.warn(`adk-fluent: worker heartbeat failed: ${String(error)}`))
      .finally(() => {
        this.#sweeping = undefined
      })
    // Beside the heartbeat, never in its way: a long prune must not make this worker look dead.
    this.#pruning ??= this.#prune()
      .catch((error: unknown) => DBOS.logger.warn(`adk-fluent: pruning finished runs failed: ${String(error)}`))
      .finally(() => {
        this.#pruning = undefined
      })
  }

  async #sweep(): Promise<void> {
    const { registry, deadAfterMs } = this.context
    await registry.heartbeat(this.workerId, this.version)
    for (const dead of await registry.claimDead(this.workerId, deadAfterMs)) {
      const orphans = await DBOS.listWorkflows({
        workflowName: workflowNameOf(this.appName),
        status: 'PENDING',
        executorId: dead.workerId,
        loadInput: false,
        loadOutput: false,
      })
      const ids = orphans.map((status) => status.workflowID)
      if (ids.length > 0) await DBOS.resumeWorkflows(ids, { queueName: this.queueName })
    }
  }

  /**
   * Deletes the runs that ended more than `retainRunsMs` ago (once a minute, 500 at a time while more are due): the steps and
   * event log first, then the workflow, so a run is never left without its log while DBOS still lists it as
   * finished for longer than one sweep.
   */
  async #prune(): Promise<void> {
    const retain = this.#config.retainRunsMs ?? 7 * 24 * 3600_000
    const now = Date.now()
    if (retain === Infinity || now - this.#lastPrune < Math.min(60_000, retain)) return
    this.#lastPrune = now
    const finished = await DBOS.listWorkflows({
      workflowName: workflowNameOf(this.appName),
      status: [...finishedStates],
      completedBefore: new Date(now - retain).toISOString(),
      limit: pruneBatch,
      loadInput: false,
      loadOutput: false,
    })
    const ids = finished.map((status) => status.workflowID)
    if (ids.length === 0) return
    await this.context.store.forget(ids)
    await DBOS.deleteWorkflows(ids)
    // A full batch: more may be due, the next heartbeat goes on.
    if (ids.length === pruneBatch) this.#lastPrune = 0
  }

  /** The workflow body: one invocation of the agent tree, replayable. */
  async #execute(input: RunInput): Promise<RunSummary> {
    const runId = DBOS.workflowID as string
    if (input.version !== this.version) throw new AgentTreeChangedError(runId, input.version, [this.version])
    const { sessionService } = this.#config
    const key = { appName: this.appName, userId: input.userId, sessionId: input.sessionId }
    // The session's lease, before anything is read: every execution takes it again (the same owner on the same
    // worker, so a restarted worker gets it back at once; another worker waits until the dead one's lease expires).
    const hold = await holdSession({
      service: sessionService,
      ...key,
      owner: `${runId}@${this.workerId}`,
      ttlMs: this.#config.leaseTtlMs ?? this.context.deadAfterMs,
      cancelled: async () => (await this.context.client.getWorkflow(runId))?.status === 'CANCELLED',
    })
    try {
      // A store that failed ends this attempt; the next one replays what the run recorded (as a recovery would).
      const giveUpAt = Date.now() + (this.#config.storeRetryMs ?? 30_000)
      for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
        try {
          const outcome = await this.#invoke(runId, input, key, hold)
          if (outcome !== startAgain) return outcome
          continue
        } catch (error) {
          if (RunLostError.isInstance(error)) {
            // DBOS records nothing for an execution that no longer owns the workflow: this line is its only trace.
            DBOS.logger.warn(`adk-fluent: worker ${this.workerId}: ${error.message}`)
            throw error
          }
          if (!storeFailed(error) || hold.lost() || Date.now() + delay > giveUpAt) throw error
          await new Promise((resolve) => setTimeout(resolve, delay))
        }
      }
    } finally {
      await hold.release().catch(() => undefined)
    }
  }

  /**
   * One execution of the run: its summary, or {@link startAgain} when another execution recorded one of its steps
   * first (then a new execution goes on from the recorded steps; each one sees more of them, so this ends).
   */
  async #invoke(
    runId: string,
    input: RunInput,
    key: { appName: string; userId: string; sessionId: string },
    hold: SessionHold,
  ): Promise<RunSummary | typeof startAgain> {
    const { sessionService } = this.#config
    const { store } = this.context
    // At once: the session as the run finds it, and the run's execution count and recorded steps (none on a first
    // execution; the session snapshot once an execution recorded it).
    const [session, { recorded, execution }] = await Promise.all([sessionService.getSession(key), store.openRun(runId)])
    if (!session) throw sessionErrors.notFound(input.sessionId)
    const ownership = new RunOwnership({ runId, hold, store, execution })
    this.#executions.get(runId)?.supersede(execution)
    this.#executions.set(runId, ownership)
    const checkpoints = new CheckpointGate(runId)
    let opened = recorded.get(openSession)
    const replaying = opened !== undefined
    if (!opened) {
      // The first execution records the session as it found it (the run's first step) while its agents start: the
      // first append waits for it.
      const found: SessionSnapshot = { eventCount: session.events.length, state: session.state, startedAt: Date.now() }
      const text = JSON.stringify({ name: openSession, output: found, at: found.startedAt } satisfies StepRecord)
      opened = JSON.parse(text) as StepRecord
      checkpoints.add(openSession, store.recordStep(runId, openSession, text))
    }
    const snapshot = opened.output as SessionSnapshot
    // A first execution's agents read the session it just read (no second query).
    const initial: Session | undefined = replaying ? undefined : session
    const abort = new AbortController()
    const unwatch = this.#cancels.watch(runId, abort)
    const runner = new Runner({
      appName: this.appName,
      agent: this.#config.agent,
      sessionService: new RunSessionView(sessionService, key, { snapshot, replaying, hold, initial, checkpoints }),
      ...(this.#config.artifactService ? { artifactService: this.#config.artifactService } : {}),
      ...(this.#config.plugins ? { plugins: this.#config.plugins } : {}),
      ...(this.#config.resumabilityConfig ? { resumabilityConfig: this.#config.resumabilityConfig } : {}),
    })
    let invocationId = invocationIdOf(runId)
    // An answer may leave some of its invocation's pauses open; a run that paused leaves its own.
    let mayWait = answersCalls(input.newMessage)
    let eventCount = 0
    let finalText = ''
    let summary: RunSummary
    // The event log is written in order on its own connection, while the run goes on; the run ends after it.
    const log = new EventLogWriter(store, runId)
    try {
      const events = runner.runAsync({
        userId: input.userId,
        sessionId: input.sessionId,
        newMessage: input.newMessage,
        ...(input.stateDelta ? { stateDelta: input.stateDelta } : {}),
        ...(input.runConfig ? { runConfig: input.runConfig } : {}),
        invocationId,
        hooks: new DurableHooks({
          runId,
          startedAt: snapshot.startedAt,
          abort,
          store,
          recorded,
          ownership,
          checkpoints,
        }),
        abortSignal: abort.signal,
      })
      for await (const event of events) {
        if (event.partial) continue
        // The runner ends a run whose session store failed with this event (not stored): the attempt failed.
        if (event.errorCode === 'SESSION_STORE_FAILED') throw new SessionStoreError(event.errorMessage ?? 'failed')
        // Yielded after it was stored: a refused append is never logged (a repeated one is logged once, by id).
        log.add(event)
        if (eventCount === 0) invocationId = event.invocationId
        if (!mayWait && event.content?.parts?.some((part) => part.functionCall)) mayWait = isPause(event)
        eventCount++
        if (isFinalResponse(event) && event.content) finalText = stringifyContent(event)
      }
      // Still the run's owner at the end? An execution that was paused after its last call and woke up after the
      // run was taken over (its appends were no-ops: the events were stored already) finds out here.
      await checkpoints.settled()
      await ownership.check()
      // The run's last events reach its log while the session's lease goes back: both before DBOS records the
      // outcome (a reader that sees the run ended finds every event in the log).
      const [interrupts] = await Promise.all([
        mayWait ? waitingIn(sessionService, key, invocationId) : [],
        log.flush(),
        hold.release().catch(() => undefined),
      ])
      summary = { invocationId, eventCount, finalText, interrupts }
    } catch (error) {
      // Another execution recorded a step this one recorded too (after a pause): the run goes on from that record,
      // in a new execution, unless this one lost the run.
      if (checkpoints.raced) {
        if (await ownership.confirmLost())
          throw new RunLostError(runId, ownership.lost ?? 'another execution recorded its step', checkpoints.raced)
        return startAgain
      }
      // An append refused because the session's lease moved on: this execution lost the run.
      // (By code: until each error class has its own marker, `SessionBusyError.isInstance` is true of any error.)
      const busy = AdkFluentError.isInstance(error) && error.code === 'SESSION_BUSY'
      if (busy && !RunLostError.isInstance(error) && (await ownership.confirmLost()))
        throw new RunLostError(runId, ownership.lost ?? 'its append was refused', undefined)
      throw error
    } finally {
      unwatch()
      if (this.#executions.get(runId) === ownership) this.#executions.delete(runId)
      // A failed attempt logs what it stored too (a no-op after the flush above).
      await log.flush().catch(() => undefined)
    }
    return summary
  }
}
