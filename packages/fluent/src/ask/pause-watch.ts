import { listPendingInterrupts, type Event } from '@adk-fluent/core'
import { RunPausedError } from './run-paused-error.js'
import type { Resume } from './resume-with.js'
import type { StartedRun } from './started-run.js'

/** What a run's events tell about a pause: whether one raised an interrupt, and the run's invocation. */
export interface PauseWatch {
  interrupted: boolean
  invocationId: string | undefined
}

/** Notes what `event` tells about a pause (one check per event: only interrupts carry long-running ids). */
export function watchForPause(watch: PauseWatch, event: Event): void {
  watch.invocationId ??= event.invocationId
  if (event.longRunningToolIds && event.longRunningToolIds.length > 0) watch.interrupted = true
}

/**
 * The `RunPausedError` of a run that ended waiting for answers (the session's pending interrupts of its invocation),
 * or `undefined` when it did not pause. The session is read only when the run raised an interrupt or answered one.
 */
export async function pauseOf(
  run: StartedRun,
  watch: PauseWatch,
  resume: (answers: Resume) => Promise<unknown>,
): Promise<RunPausedError | undefined> {
  if (!watch.interrupted && !run.resumed) return undefined
  const { runner, userId, sessionId } = run
  const pending = await listPendingInterrupts(runner.sessionService, { appName: runner.appName, userId, sessionId })
  const invocationId = watch.invocationId
  const waiting = invocationId === undefined ? pending : pending.filter((item) => item.invocationId === invocationId)
  const first = waiting[0]
  if (!first) return undefined
  return new RunPausedError({
    interrupts: waiting,
    runner,
    userId,
    sessionId,
    invocationId: first.invocationId,
    resume,
  })
}
