import { BaseAgent, isErrorEvent, type BaseAgentConfig, type Event, type InvocationContext } from '@adk-fluent/core'
import { endsTheRun } from '@adk-fluent/core/internal'
import type { AttemptFailure } from './attempt-failure.js'

/**
 * Runs its sub-agents in turn, passing their events on as they come. An attempt fails when it throws or produces a
 * model error event (which is held back); the next one then runs. The first attempt that finishes without failing
 * ends the run. When all fail, the last failure stands: its error is thrown, or its error event is yielded. Changes
 * a failed attempt made before failing stay (they were events of the session). Errors that end the run
 * (`endsTheRun`: an abort, a guard that blocked, whose next attempt would get the same input, an open circuit
 * breaker, a configuration mistake) are not caught.
 */
export class FallbackAgent extends BaseAgent {
  constructor(config: BaseAgentConfig) {
    super(config)
  }

  protected async *runAsyncImpl(invocation: InvocationContext): AsyncGenerator<Event, void, undefined> {
    let failure: AttemptFailure | undefined
    const attempts = this.subAgents
    // Re-entered by a resumed invocation: the attempts before the last one that started had failed.
    const start =
      invocation.resumeFrom !== undefined && invocation.progress ? invocation.progress.resumeIndex(attempts) : 0
    for (let index = start; index < attempts.length; index++) {
      const attempt = attempts[index] as BaseAgent
      failure = undefined
      try {
        for await (const event of attempt.runAsync(invocation)) {
          if (isErrorEvent(event)) {
            failure = { event }
            break
          }
          yield event
        }
      } catch (error) {
        // An abort, a guard that blocked, an open circuit, a configuration mistake: no other attempt fixes those.
        if (endsTheRun(error)) throw error
        failure = { error }
      }
      if (!failure) return
    }
    if (failure && 'event' in failure) yield failure.event
    else if (failure) throw failure.error
  }
}
