import { BaseAgent, ReadonlyContext, type BaseAgentConfig, type Event, type InvocationContext } from '@adk-fluent/core'
import type { StateSnapshot } from '../ir/state-function-types.js'
import { stateSnapshot } from './state-snapshot.js'

/** A compiled route rule: `test(value, state)` decides, `agent` runs when it holds. */
export interface RouteAgentRule {
  readonly test: (value: unknown, state: () => StateSnapshot) => unknown
  readonly agent: BaseAgent
}

/** Configuration of a {@link RouteAgent}; `subAgents` lists every agent the rules and `otherwise` name. */
export interface RouteAgentConfig extends BaseAgentConfig {
  readonly key: string
  readonly rules: readonly RouteAgentRule[]
  readonly otherwise: BaseAgent | undefined
}

/**
 * Reads `state[key]` and runs the agent of the first rule that holds, else `otherwise`; with no match and no
 * `otherwise` it does nothing. A `null` value counts as absent.
 */
export class RouteAgent extends BaseAgent {
  readonly key: string
  readonly #rules: readonly RouteAgentRule[]
  readonly #otherwise: BaseAgent | undefined

  constructor(config: RouteAgentConfig) {
    super(config)
    this.key = config.key
    this.#rules = config.rules
    this.#otherwise = config.otherwise
  }

  protected async *runAsyncImpl(invocation: InvocationContext): AsyncGenerator<Event, void, undefined> {
    // Re-entered by a resumed invocation: the branch it chose then goes on (state may have changed since).
    if (invocation.resumeFrom !== undefined) {
      const chosen = this.subAgents.find((agent) => invocation.progress?.hasStarted(agent.name))
      if (chosen) {
        yield* chosen.runAsync(invocation)
        return
      }
    }
    const value = invocation.readState(this.key) ?? undefined
    let snapshot: StateSnapshot | undefined
    const state = () => (snapshot ??= stateSnapshot(new ReadonlyContext(invocation)))
    for (const rule of this.#rules) {
      if (await rule.test(value, state)) {
        yield* rule.agent.runAsync(invocation)
        return
      }
    }
    if (this.#otherwise) yield* this.#otherwise.runAsync(invocation)
  }
}
