import { LlmAgent, createEvent, type Event, type InvocationContext } from '@adk-fluent/core'
import { StageModelError, takeStageModelCalls, type StageModelCall } from '../namespaces/shared/stage-model.js'

/** The `customMetadata` key under which an event reports a model call of a model-powered factory. */
export const STAGE_MODEL_CALL_KEY = 'adkFluentModelCall'

/**
 * An `LlmAgent` whose instruction uses model-powered factories (`C.summarize`, `P.compress`, …). Each model call
 * those factories make is reported as an event of the agent (no content; `customMetadata.adkFluentModelCall` holds
 * the factory, the model and its answer) before the events it led to. A failing call ends the agent with an error
 * event (`errorCode` `MODEL_STAGE_FAILED`), so the model is never sent a half-built instruction.
 */
export class StageModelAgent extends LlmAgent {
  protected override async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const events = super.runAsyncImpl(ctx)
    for (;;) {
      let next: IteratorResult<Event, void>
      try {
        next = await events.next()
      } catch (caught) {
        yield* reportCalls(this.name, ctx)
        if (!(caught instanceof StageModelError)) throw caught
        const event = createEvent({ invocationId: ctx.invocationId, author: this.name })
        if (ctx.branch !== undefined) event.branch = ctx.branch
        event.errorCode = 'MODEL_STAGE_FAILED'
        event.errorMessage = caught.message
        yield event
        return
      }
      yield* reportCalls(this.name, ctx)
      if (next.done) return
      yield next.value
    }
  }
}

function* reportCalls(author: string, ctx: InvocationContext): Generator<Event, void, undefined> {
  for (const call of takeStageModelCalls(ctx)) yield callEvent(author, ctx, call)
}

function callEvent(author: string, ctx: InvocationContext, call: StageModelCall): Event {
  const event = createEvent({ invocationId: ctx.invocationId, author })
  if (ctx.branch !== undefined) event.branch = ctx.branch
  event.customMetadata = { [STAGE_MODEL_CALL_KEY]: { ...call } }
  return event
}
