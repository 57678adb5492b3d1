import { BaseAgent, combineHistoryTurns, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import type { Event } from '../events/event.js'

/**
 * Runs its sub-agents one after another, on the same branch; later agents see earlier agents' events. A sub-agent
 * that fails (yields an error event, see `isErrorEvent`) ends it: the agents after it do not run.
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
      if (ctx.failure) return
    }
  }
}
