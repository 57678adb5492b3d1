import {
  BaseAgent,
  Context,
  createEventActions,
  type BaseAgentConfig,
  type Content,
  type Event,
  type InvocationContext,
} from '@adk-fluent/core'
import { createStepEvent, hasActionEffects } from './create-step-event.js'

/**
 * The work of a {@link StepAgent}: it records changes through `context` (`state.set`, artifacts, `actions`); it may
 * return a content to answer with.
 */
export type StepBody = (context: Context) => Promise<Content | void>

/** Configuration of a {@link StepAgent}. */
export interface StepAgentConfig extends BaseAgentConfig {
  readonly body: StepBody
}

/**
 * Runs a function step (a plain function, an `S` transform, an `A` operation, `tap`, `expect`, a loop checkpoint).
 * The body writes to a `Context` over fresh actions; when they change anything (or the body answers with a content),
 * the agent yields one event carrying them, so state and artifacts change only through events (and persist with them).
 */
export class StepAgent extends BaseAgent {
  readonly #body: StepBody

  constructor(config: StepAgentConfig) {
    super(config)
    this.#body = config.body
  }

  protected async *runAsyncImpl(invocation: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const actions = createEventActions()
    const content = await this.#body(new Context({ invocationContext: invocation, eventActions: actions }))
    if (content) yield createStepEvent(invocation, this.name, { actions, content })
    else if (hasActionEffects(actions)) yield createStepEvent(invocation, this.name, { actions })
  }
}
