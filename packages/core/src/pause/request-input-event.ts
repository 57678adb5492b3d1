import type { FunctionCall } from '../models/genai-types.js'
import { createEvent, type Event } from '../events/event.js'
import { REQUEST_INPUT_FUNCTION_CALL_NAME, RESPONSE_SCHEMA_ARG } from './interrupt-names.js'
import type { RequestInput } from './request-input.js'
import { toResponseJsonSchema } from './response-schema.js'

/**
 * The `adk_request_input` function call a {@link RequestInput} pauses with (ADK's wire shape): id = the interrupt id,
 * args `{ interruptId, payload, message, response_schema }` (`null` for what is not set) and, when a tool asked,
 * `originalFunctionCall` (the call the reply answers).
 */
export function requestInputCall(request: RequestInput, originalFunctionCall?: FunctionCall): FunctionCall {
  const args: Record<string, unknown> = {
    interruptId: request.interruptId,
    payload: request.payload ?? null,
    message: request.message ?? null,
    [RESPONSE_SCHEMA_ARG]: request.responseSchema === undefined ? null : toResponseJsonSchema(request.responseSchema),
  }
  if (originalFunctionCall) args['originalFunctionCall'] = originalFunctionCall
  return { id: request.interruptId, name: REQUEST_INPUT_FUNCTION_CALL_NAME, args }
}

/** Where a pause event belongs: its invocation, the agent (or workflow node) that raised it, and its branch. */
export interface InterruptEventOrigin {
  readonly invocationId: string
  readonly author: string
  readonly branch?: string | undefined
}

/**
 * The event a {@link RequestInput} pauses a run with: one `adk_request_input` call (see {@link requestInputCall}) whose
 * id is in `longRunningToolIds`. A workflow's function node that returns a `RequestInput` yields this event.
 */
export function createRequestInputEvent(
  request: RequestInput,
  origin: InterruptEventOrigin,
  originalFunctionCall?: FunctionCall,
): Event {
  const call = requestInputCall(request, originalFunctionCall)
  const event = createEvent({
    invocationId: origin.invocationId,
    author: origin.author,
    content: { role: 'model', parts: [{ functionCall: call }] },
    longRunningToolIds: [call.id as string],
  })
  if (origin.branch !== undefined) event.branch = origin.branch
  return event
}
