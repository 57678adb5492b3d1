import { BaseAgent, combineHistoryTurns, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import type { Event } from '../events/event.js'
import { ConfigError } from '../errors/config-error.js'

export interface LoopAgentConfig extends BaseAgentConfig {
  /** Iterations at most; `undefined` runs until a sub-agent escalates, `0` runs none. */
  maxIterations?: number
}

/** Escalations a loop already stopped on; an enclosing loop does not stop on them again. */
const handledEscalations = new WeakSet<Event>()

/**
 * Runs its sub-agents in order, again and again, until `maxIterations` or until an event escalates (the escalating
 * sub-agent finishes its run first; later sub-agents of that iteration do not run). An escalation stops only the
 * innermost loop that sees it (ADK also stops every enclosing loop). A sub-agent that fails (yields an error event)
 * ends the loop, as does a usage limit that stopped the run.
 */
export class LoopAgent extends BaseAgent {
  readonly maxIterations: number | undefined

  constructor(config: LoopAgentConfig) {
    const max = config.maxIterations
    if (max !== undefined && (!Number.isInteger(max) || max < 0)) {
      throw new ConfigError([
        {
          code: 'number_invalid',
          path: [config.name, 'maxIterations'],
          message: `maxIterations must be a whole number >= 0 (got ${String(max)}). Leave it out to loop until a sub-agent escalates.`,
        },
      ])
    }
    super(config)
    this.maxIterations = max
  }

  /** What its sub-agents read together. */
  override historyTurns(): number | undefined {
    return combineHistoryTurns(this.subAgents.map((sub) => sub.historyTurns()))
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const max = this.maxIterations ?? Number.POSITIVE_INFINITY
    for (let iteration = 0; iteration < max; iteration++) {
      for (const sub of this.subAgents) {
        // Stopped by a usage limit (in another branch, say): its sub-agents would return at once, round after round.
        if (ctx.stopped) return
        let escalation: Event | undefined
        for await (const event of sub.runAsync(ctx)) {
          if (event.actions.escalate && !handledEscalations.has(event)) {
            // This loop consumes the escalation (marked before the event travels up): enclosing loops keep going.
            handledEscalations.add(event)
            escalation = event
          }
          yield event
        }
        if (escalation || ctx.failure) return
      }
      if (this.subAgents.length === 0) return
    }
  }
}
