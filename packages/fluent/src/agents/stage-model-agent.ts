import { LlmAgent, createEvent, type Event, type InvocationContext } from '@adk-fluent/core'
import { takeStageModelCalls, type StageModelCall } from '../namespaces/shared/stage-model.js'
import { endRun, isEventReportedError } from '../namespaces/shared/run-scope.js'

/** The `customMetadata` key under which an event reports a model call of a model-powered factory. */
export const STAGE_MODEL_CALL_KEY = 'adkFluentModelCall'

/**
 * An `LlmAgent` whose instruction uses model-powered factories (`C.summarize`, `P.compress`, …) or whose tools hold
 * connections (`T.mcp`). Each model call those factories make is reported as an event of the agent (no content;
 * `customMetadata.adkFluentModelCall` holds the factory, the model and its answer) before the events it led to. A
 * failing factory model or MCP server ends the agent with an error event (`errorCode` `MODEL_STAGE_FAILED` /
 * `MCP_SERVER_FAILED`), so the model is never sent a half-built request. Connections close when the agent's run ends
 * or is aborted.
 */
export class StageModelAgent extends LlmAgent {
  protected override async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const events = super.runAsyncImpl(ctx)
    try {
      for (;;) {
        let next: IteratorResult<Event, void>
        try {
          next = await events.next()
        } catch (caught) {
          yield* reportCalls(this.name, ctx)
          if (!isEventReportedError(caught)) throw caught
          const event = createEvent({ invocationId: ctx.invocationId, author: this.name })
          if (ctx.branch !== undefined) event.branch = ctx.branch
          event.errorCode = caught.eventErrorCode
          event.errorMessage = caught.message
          yield event
          return
        }
        yield* reportCalls(this.name, ctx)
        if (next.done) return
        yield next.value
      }
    } finally {
      await endRun(ctx)
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
