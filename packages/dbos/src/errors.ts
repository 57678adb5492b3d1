import { AbortError, AdkFluentError, SessionStoreError, registerErrorCode } from '@adk-fluent/core'

// The durable runner's own error codes (see docs/errors.md: adding an error code).
declare module '@adk-fluent/core' {
  interface ErrorCodes {
    AGENT_TREE_CHANGED: true
    RUN_FAILED: true
    REPLAY_MISMATCH: true
    RUN_ID_TAKEN: true
  }
}
registerErrorCode('AGENT_TREE_CHANGED', {
  endsTheRun: true,
  description: 'A durable run was started by another agent tree than the workers serve.',
})
registerErrorCode('RUN_FAILED', { endsTheRun: true, description: "A durable run's workflow failed." })
registerErrorCode('REPLAY_MISMATCH', {
  endsTheRun: true,
  description: 'A re-executed durable run made another call than the execution that recorded it.',
})

registerErrorCode('RUN_ID_TAKEN', {
  endsTheRun: false,
  description: "A durable run was started with the id of another session's run.",
})

/**
 * `startRun` or `answerInterrupts` named a run id (`runId`) that another session's run (another user's, or another
 * app's) already has. A run id names one run of one session: the caller gets no handle on that run, and its message
 * was not enqueued. The message names neither that run's user nor its session.
 */
export class RunIdTakenError extends AdkFluentError {
  readonly runId: string

  constructor(runId: string) {
    super(
      'RUN_ID_TAKEN',
      `Run id ${JSON.stringify(runId)} is taken by a run of another session: nothing was enqueued. ` +
        `Leave runId out (a new id is chosen; answerInterrupts derives one from the session and the answers), or ` +
        `choose an id unique to this session, such as one that includes the user and session ids.`,
    )
    this.runId = runId
  }
}

/**
 * A run was started by a different agent tree than the workers now serve. DBOS replays a run by following its
 * recorded steps; a changed tree (another agent order, other tools, another instruction) would take other steps, so
 * the run is not replayed: start a worker built from the run's original code (its version is in the message), or
 * cancel the run.
 */
export class AgentTreeChangedError extends AdkFluentError {
  readonly runId: string
  readonly runVersion: string
  readonly workerVersions: readonly string[]

  constructor(runId: string, runVersion: string, workerVersions: readonly string[]) {
    super(
      'AGENT_TREE_CHANGED',
      `Run ${runId} was started by agent tree version ${runVersion}, but the workers now run ${workerVersions.join(', ')}: ` +
        `the agent tree changed (agents, instructions, tools or models), so the run is not replayed on it. ` +
        `Start a worker from the code that started the run (version ${runVersion}) to finish it, or cancel it.`,
    )
    this.runId = runId
    this.runVersion = runVersion
    this.workerVersions = workerVersions
  }
}

/** The run was cancelled (`cancelRun` / `run.cancel()`): it stopped at its next step. */
export class RunCancelledError extends AbortError {
  readonly runId: string

  constructor(runId: string) {
    super(`Run ${runId} was cancelled.`)
    this.runId = runId
  }
}

/** The run's workflow failed: the error it ended with. */
export class RunFailedError extends AdkFluentError {
  readonly runId: string

  constructor(runId: string, cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause)
    super('RUN_FAILED', `Run ${runId} failed: ${message}`, { cause })
    this.runId = runId
  }
}

/**
 * A re-executed run made another call at a step than the execution that recorded it: the agent tree's code is not
 * deterministic (it branches on something other than the session, the recorded calls and the run's input).
 */
export class ReplayMismatchError extends AdkFluentError {
  readonly runId: string
  readonly stepKey: string

  constructor(runId: string, stepKey: string, recorded: string, now: string) {
    super(
      'REPLAY_MISMATCH',
      `Run ${runId} was re-executed and made another call at step "${stepKey}": recorded "${recorded}", now "${now}". ` +
        `Agent code outside model and tool calls must make the same decisions on every execution (route on session ` +
        `state and recorded outputs, not on the clock or random numbers).`,
    )
    this.runId = runId
    this.stepKey = stepKey
  }
}

/**
 * The durable run store (the run's recorded steps and event log, in the DBOS system database) failed: the database
 * is unreachable or refused the statement. Like a session store failure, it ends the execution; the run tries again
 * from its recorded steps (for `DurableRunnerConfig.storeRetryMs`).
 */
export class RunStoreError extends SessionStoreError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(`The durable run store failed: ${message}`, options)
  }
}

/**
 * This execution of a run lost the run to another execution: its worker stopped (a pause, a frozen VM, a blocked
 * event loop) for longer than `deadAfterMs`, the run was resumed elsewhere, and the session's lease was taken under
 * a new fence (or a newer execution opened the run). It stops before calling anything more; the run goes on in the
 * execution that took it, and this one records nothing (DBOS records the run's outcome only for its owner).
 */
export class RunLostError extends AdkFluentError {
  readonly runId: string
  /** The step the execution was about to run when it found out (`model:#0`, `tool:<id>`), if any. */
  readonly stepKey: string | undefined

  constructor(runId: string, reason: string, stepKey?: string) {
    super(
      'SESSION_BUSY',
      `Run ${runId}: this execution lost the run${stepKey ? ` before step "${stepKey}"` : ''}: ${reason}. It stopped ` +
        `without calling anything more. Choose deadAfterMs (and leaseTtlMs) well above the longest pause of a worker.`,
    )
    this.runId = runId
    this.stepKey = stepKey
  }
}
