import { BaseAgent, combineHistoryTurns, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import type { Event } from '../events/event.js'

/**
 * Runs its sub-agents one after another, on the same branch; later agents see earlier agents' events. In a resumable
 * run a sub-agent that pauses stops the sequence; the resume skips the sub-agents that ended and goes on from it.
 */
export class SequentialAgent extends BaseAgent {
  constructor(config: BaseAgentConfig) {
    super(config)
  }

  /** What its sub-agents read together. */
  override historyTurns(): number | undefined {
    return combineHistoryTurns(this.subAgents.map((sub) => sub.historyTurns()))
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    for (const sub of this.subAgents) {
      yield* sub.runAsync(ctx)
      // A sub-agent paused (resumable runs): the ones after it wait for the resume.
      if (ctx.pauseScope?.paused) return
    }
  }
}
