import { BaseAgent, type BaseAgentConfig, type Event, type InvocationContext } from '@adk-fluent/core'

/**
 * Runs its sub-agents in turn, passing their events on as they come: the first one that finishes without an error
 * ends the run; an error moves on to the next; when all fail, the last error is thrown. Changes an attempt made
 * before failing stay (they were events of the session).
 */
export class FallbackAgent extends BaseAgent {
  constructor(config: BaseAgentConfig) {
    super(config)
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    let lastError: unknown
    for (const attempt of this.subAgents) {
      try {
        yield* attempt.runAsync(ctx)
        return
      } catch (error) {
        lastError = error
      }
    }
    throw lastError
  }
}
