import {
  ModelError,
  TOOL_RETRIES_EXCEEDED,
  ToolRetriesExceededError,
  USAGE_LIMIT_EXCEEDED,
  UsageLimitError,
  isFinalResponse,
  stringifyContent,
  type Event,
} from '@adk-fluent/core'
import { watchForPause, type PauseWatch } from './pause-watch.js'

/**
 * The text of the last final response with text (the run's answer); `''` when there is none. `watch` notes what the
 * events tell about a pause. When the run ends on
 * a model error event (core reports failed model calls as events), throws a `ModelError` naming the agent instead
 * (a `UsageLimitError` when a usage limit stopped the run, a `ToolRetriesExceededError` past `maxToolRetries`).
 */
export async function finalText(events: AsyncIterable<Event>, watch?: PauseWatch): Promise<string> {
  let answer = ''
  let failure: Event | undefined
  for await (const event of events) {
    if (watch) watchForPause(watch, event)
    if (event.author === 'user' || !isFinalResponse(event)) continue
    if (event.errorCode !== undefined) {
      failure = event
      continue
    }
    const text = stringifyContent(event)
    if (text) {
      answer = text
      failure = undefined
    }
  }
  if (failure?.errorCode === USAGE_LIMIT_EXCEEDED) {
    const limit = /usageLimits\.(\w+)/.exec(failure.errorMessage ?? '')?.[1]
    throw new UsageLimitError(failure.errorMessage ?? 'A usage limit stopped the run.', {
      agentName: failure.author,
      invocationId: failure.invocationId,
      ...(limit === undefined ? {} : { limit }),
    })
  }
  if (failure?.errorCode === TOOL_RETRIES_EXCEEDED) {
    throw new ToolRetriesExceededError(
      failure.errorMessage ?? 'The model kept calling a tool with invalid arguments.',
      {
        agentName: failure.author,
        invocationId: failure.invocationId,
      },
    )
  }
  if (failure) {
    throw new ModelError(
      `Agent "${failure.author}" failed: ${failure.errorMessage ?? 'the model call failed'} (${failure.errorCode}).`,
      {
        agentName: failure.author,
        invocationId: failure.invocationId,
        ...(failure.errorCode === undefined ? {} : { errorCode: failure.errorCode }),
      },
    )
  }
  return answer
}
