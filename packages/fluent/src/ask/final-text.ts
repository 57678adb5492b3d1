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
 * The text of the last final response with text (the run's answer); `''` when there is none. When the run ends on
 * an error event (core reports failed model calls as events, and the invocation ends on one), throws
 * {@link runFailure} of it instead. `watch` notes what the events tell about a pause.
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
  if (failure) throw runFailure(failure)
  return answer
}

/**
 * The error `.ask()` and `.stream()` throw for a run that ended on `failure`, an error event: a `UsageLimitError` when
 * a usage limit stopped the run, a `ToolRetriesExceededError` past `maxToolRetries`, else a `ModelError` naming the
 * agent and carrying the event's `errorCode`.
 */
export function runFailure(failure: Event): Error {
  if (failure.errorCode === USAGE_LIMIT_EXCEEDED) {
    const limit = /usageLimits\.(\w+)/.exec(failure.errorMessage ?? '')?.[1]
    return new UsageLimitError(failure.errorMessage ?? 'A usage limit stopped the run.', {
      agentName: failure.author,
      invocationId: failure.invocationId,
      ...(limit === undefined ? {} : { limit }),
    })
  }
  if (failure.errorCode === TOOL_RETRIES_EXCEEDED) {
    return new ToolRetriesExceededError(
      failure.errorMessage ?? 'The model kept calling a tool with invalid arguments.',
      {
        agentName: failure.author,
        invocationId: failure.invocationId,
      },
    )
  }
  return new ModelError(
    `Agent "${failure.author}" failed: ${failure.errorMessage ?? 'the model call failed'} (${failure.errorCode}).`,
    {
      agentName: failure.author,
      invocationId: failure.invocationId,
      ...(failure.errorCode === undefined ? {} : { errorCode: failure.errorCode }),
    },
  )
}
