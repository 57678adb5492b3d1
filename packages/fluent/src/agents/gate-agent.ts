import { BaseAgent, ReadonlyContext, type BaseAgentConfig, type Event, type InvocationContext } from '@adk-fluent/core'
import type { StatePredicate } from '../ir/state-function-types.js'
import { createStepEvent } from './create-step-event.js'
import { stateSnapshot } from './state-snapshot.js'
import { gateKeys } from '../ir/gate-keys.js'

/** Configuration of a {@link GateAgent}; `subAgents` are the steps that follow the gate in its pipeline. */
export interface GateAgentConfig extends BaseAgentConfig {
  readonly predicate: StatePredicate
  readonly message: string
  readonly key: string
}

/**
 * A human-approval gate. When `predicate(state)` holds and `state[key + '_approved']` is not set, it answers
 * `message`, records `state[key] = true` and `state[key + '_message']`, escalates (ending an enclosing loop) and
 * does not run its sub-agents (the rest of its pipeline). Once approved, it clears the three keys and runs them.
 */
export class GateAgent extends BaseAgent {
  readonly #predicate: StatePredicate
  readonly #message: string
  readonly #key: string

  constructor(config: GateAgentConfig) {
    super(config)
    this.#predicate = config.predicate
    this.#message = config.message
    this.#key = config.key
  }

  protected async *runAsyncImpl(invocation: InvocationContext): AsyncGenerator<Event, void, undefined> {
    // Re-entered by a resumed invocation after it let the steps through: they go on from the last one that started.
    const progress = invocation.progress
    if (
      invocation.resumeFrom !== undefined &&
      progress &&
      this.subAgents.some((next) => progress.hasStarted(next.name))
    ) {
      const steps = this.subAgents
      for (let index = progress.resumeIndex(steps); index < steps.length; index++) {
        yield* (steps[index] as BaseAgent).runAsync(invocation)
        if (invocation.failure || invocation.pauseScope?.paused) return
      }
      return
    }
    const state = stateSnapshot(new ReadonlyContext(invocation))
    const keys = gateKeys(this.#key)
    if (await this.#predicate(state)) {
      if (!state[keys.approved]) {
        yield createStepEvent(invocation, this.name, {
          content: { role: 'model', parts: [{ text: this.#message }] },
          actions: { stateDelta: { [keys.waiting]: true, [keys.message]: this.#message }, escalate: true },
        })
        return
      }
      yield createStepEvent(invocation, this.name, {
        actions: { stateDelta: { [keys.waiting]: null, [keys.message]: null, [keys.approved]: null } },
      })
    }
    for (const next of this.subAgents) {
      yield* next.runAsync(invocation)
      // A step that failed ends the rest of the sequence, as in a SequentialAgent; one that paused (resumable runs)
      // holds it until the resume.
      if (invocation.failure || invocation.pauseScope?.paused) return
    }
  }
}
