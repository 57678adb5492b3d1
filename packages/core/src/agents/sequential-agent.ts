import { BaseAgent, combineHistoryTurns, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import type { Event } from '../events/event.js'

/**
 * Runs its sub-agents one after another, on the same branch; later agents see earlier agents' events. A sub-agent
 * that fails (yields an error event, see `isErrorEvent`) ends it: the agents after it do not run. In a resumable run
 * a sub-agent that pauses stops it too; the resume goes on from it (the ones before it are not run again).
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
    const subAgents = this.subAgents
    // Re-entered by a resumed invocation: the sub-agents before the last one that started have finished.
    const start = ctx.resumeFrom !== undefined && ctx.progress ? ctx.progress.resumeIndex(subAgents) : 0
    for (let index = start; index < subAgents.length; index++) {
      const sub = subAgents[index] as BaseAgent
      yield* sub.runAsync(ctx)
      // A sub-agent failed, or paused (resumable runs): the ones after it do not run (until the resume).
      if (ctx.failure || ctx.pauseScope?.paused) return
    }
  }
}
