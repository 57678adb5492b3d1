import type { DBOSClient, WorkflowStatus } from '@dbos-inc/dbos-sdk'
import type { Event, PendingInterrupt } from '@adk-fluent/core'
import { AgentTreeChangedError, RunCancelledError, RunFailedError } from './errors.js'
import type { RunStore } from './run-store.js'
import type { WorkerRegistry } from './worker-registry.js'
import { treeVersionOf } from './tree-version.js'

/** A run's state: DBOS's workflow status. */
export type RunState =
  | 'ENQUEUED'
  | 'PENDING'
  | 'SUCCESS'
  | 'ERROR'
  | 'CANCELLED'
  | 'MAX_RECOVERY_ATTEMPTS_EXCEEDED'
  | 'DELAYED'

/** What {@link DurableRun.status} reports. */
export interface RunStatus {
  runId: string
  state: RunState
  /** The agent tree version that started the run. */
  version: string | undefined
  /** The worker that runs (or ran) it, once one took it. */
  workerId: string | undefined
  /** When it was enqueued, taken by a worker, and finished (milliseconds since the epoch). */
  createdAt: number | undefined
  dequeuedAt: number | undefined
  completedAt: number | undefined
}

/** What the run's workflow returns. */
export interface RunSummary {
  /** The invocation its events belong to (an answer to a pause goes on in the paused invocation when resumable). */
  invocationId: string
  /** Events the agents produced and the run stored (as `Runner.runAsync` yields them: the user's message is not one). */
  eventCount: number
  /** Text of the run's last final response (`''` when there was none). */
  finalText: string
  /**
   * What the session still waits for when the run ended: empty when it finished, else the pending interrupts of its
   * invocation (the run paused: answer them with `client.answerInterrupts`, which starts the run that goes on).
   */
  interrupts: PendingInterrupt[]
}

/** What {@link DurableRun.result} resolves to. */
export interface RunResult extends RunSummary {
  runId: string
  /** Every event the agents produced, in order. */
  events: Event[]
}

/** Shared by every handle of one client or runner. */
export interface RunContext {
  client: DBOSClient
  registry: WorkerRegistry
  /** Where runs record their steps and log their events. */
  store: RunStore
  /** How often `result()` polls the run's status, in milliseconds. */
  pollMs: number
  /** A worker silent for longer than this counts as dead. */
  deadAfterMs: number
}

/** The states a run ends in. */
export const finishedStates = ['SUCCESS', 'ERROR', 'CANCELLED', 'MAX_RECOVERY_ATTEMPTS_EXCEEDED'] as const

const terminal = new Set<string>(finishedStates)

/**
 * A handle on one durable run (a DBOS workflow). Handles are cheap and hold no state: any process connected to the
 * same database can make one from the run's id, stream its events or wait for it.
 */
export class DurableRun {
  readonly id: string
  readonly #context: RunContext

  constructor(id: string, context: RunContext) {
    this.id = id
    this.#context = context
  }

  /**
   * The invocation id of a run that starts an invocation (derived from the run id); a run that answers a resumable
   * run's pause goes on in the paused invocation ({@link RunSummary.invocationId}).
   */
  get invocationId(): string {
    return invocationIdOf(this.id)
  }

  /** The run's status; `undefined` when no run has this id. */
  async status(): Promise<RunStatus | undefined> {
    const status = await this.#context.client.getWorkflow(this.id)
    return status ? toRunStatus(status) : undefined
  }

  /**
   * The events the run's agents produced, as they are stored (what `Runner.runAsync` yields, partial chunks aside),
   * from the beginning; ends when the run ends. A re-executed run does not repeat events: each comes once.
   */
  async *events(): AsyncGenerator<Event, void, undefined> {
    const { store, client } = this.#context
    let seq = 0
    for (;;) {
      const rows = await store.events(this.id, seq)
      for (const row of rows) {
        seq = row.seq
        yield row.event
      }
      if (rows.length > 0) continue
      const status = await client.getWorkflow(this.id)
      if (!status || terminal.has(status.status)) {
        // Ended: what was logged before the end, then stop.
        for (const row of await store.events(this.id, seq)) yield row.event
        return
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.#context.pollMs, 100)))
    }
  }

  /**
   * Waits for the run to end: its summary and events. Rejects with {@link RunCancelledError} when it was cancelled,
   * {@link RunFailedError} when it failed, and {@link AgentTreeChangedError} when it waits for a worker but every live
   * worker runs another agent tree version.
   */
  async result(options: { timeoutMs?: number } = {}): Promise<RunResult> {
    const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs
    let lastVersionCheck = 0
    for (;;) {
      const status = await this.#context.client.getWorkflow(this.id)
      if (!status) throw new RunFailedError(this.id, new Error('no run has this id'))
      if (terminal.has(status.status)) return this.#finish(status)
      const version = treeVersionOf(status.applicationVersion)
      if (Date.now() - lastVersionCheck >= 1000 && version) {
        lastVersionCheck = Date.now()
        await this.#checkVersion(version)
      }
      if (Date.now() > deadline)
        throw new RunFailedError(this.id, new Error(`still ${status.status} after ${options.timeoutMs} ms`))
      await new Promise((resolve) => setTimeout(resolve, this.#context.pollMs))
    }
  }

  /** Cancels the run: it stops at its next step (a model or tool call that is running is aborted). */
  async cancel(): Promise<void> {
    await this.#context.client.cancelWorkflow(this.id)
  }

  async #finish(status: WorkflowStatus): Promise<RunResult> {
    if (status.status === 'CANCELLED') throw new RunCancelledError(this.id)
    if (status.status !== 'SUCCESS') throw new RunFailedError(this.id, status.error ?? new Error(status.status))
    const summary = status.output as RunSummary
    const events: Event[] = []
    for await (const event of this.events()) events.push(event)
    // A run recorded before runs listed their interrupts has none listed.
    return { runId: this.id, ...summary, interrupts: summary.interrupts ?? [], events }
  }

  async #checkVersion(version: string): Promise<void> {
    const live = await this.#context.registry.live(this.#context.deadAfterMs)
    if (live.length === 0 || live.some((worker) => worker.version === version)) return
    throw new AgentTreeChangedError(this.id, version, [...new Set(live.map((worker) => worker.version))])
  }
}

/** The invocation id of a run's events. */
export function invocationIdOf(runId: string): string {
  return `e-${runId}`
}

function toRunStatus(status: WorkflowStatus): RunStatus {
  return {
    runId: status.workflowID,
    state: status.status as RunState,
    version: treeVersionOf(status.applicationVersion),
    workerId: status.executorId,
    createdAt: status.createdAt,
    dequeuedAt: status.dequeuedAt,
    completedAt: status.completedAt,
  }
}
