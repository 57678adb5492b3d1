import type { FunctionCall, Part } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { createEvent, type Event } from '../events/event.js'
import { mergeEventActions, type EventActions } from '../events/event-actions.js'
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../pause/interrupt-names.js'
import type { RequestInput } from '../pause/request-input.js'
import { requestInputCall } from '../pause/request-input-event.js'
import { newFunctionCallId } from '../util/ids.js'

/** A tool call whose tool returned a {@link RequestInput}: it has no response until the user replies. */
export class InputRequested {
  constructor(
    readonly call: FunctionCall,
    readonly request: RequestInput,
    readonly actions: EventActions,
  ) {}
}

/** An event of the agent holding function responses (a user-role turn, on the agent's branch). */
export function responsesEvent(agent: LlmAgent, ctx: InvocationContext, parts: Part[]): Event {
  const event = createEvent({ invocationId: ctx.invocationId, author: agent.name, content: { role: 'user', parts } })
  if (ctx.branch !== undefined) event.branch = ctx.branch
  return event
}

/**
 * Pauses the agent: in a resumable run its pause scope (and every agent waiting on it) stops; otherwise the agent's
 * invocation ends, as ADK does.
 */
export function pauseAgent(ctx: InvocationContext): void {
  if (ctx.progress) ctx.pauseScope?.pause()
  else ctx.endInvocation = true
}

/**
 * The events of a step whose calls ask the user: first the responses of the calls that answered (when any), then
 * one event holding every request — an `adk_request_confirmation` call (ADK's `{ originalFunctionCall,
 * toolConfirmation }`) per call awaiting approval and an `adk_request_input` call per `RequestInput` — whose ids are
 * long-running. The step's actions (state written by its calls) travel with the requests. Then the agent pauses.
 */
export function* interruptEvents(
  agent: LlmAgent,
  ctx: InvocationContext,
  calls: readonly FunctionCall[],
  responseEvent: Event | undefined,
  confirmationIds: readonly string[],
  inputs: readonly InputRequested[],
): Generator<Event, void, undefined> {
  const interrupted = new Set(confirmationIds)
  for (const input of inputs) if (input.call.id) interrupted.add(input.call.id)
  const otherParts = (responseEvent?.content?.parts ?? []).filter(
    (part) => !interrupted.has(part.functionResponse?.id ?? ''),
  )
  if (otherParts.length > 0) yield responsesEvent(agent, ctx, otherParts)
  const parts: Part[] = []
  const ids: string[] = []
  for (const id of confirmationIds) {
    const original = calls.find((call) => call.id === id)
    if (!original) continue
    const requestId = ctx.hooks?.newFunctionCallId ? ctx.hooks.newFunctionCallId() : newFunctionCallId()
    ids.push(requestId)
    parts.push({
      functionCall: {
        id: requestId,
        name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
        args: {
          originalFunctionCall: original,
          toolConfirmation: responseEvent?.actions.requestedToolConfirmations[id],
        },
      },
    })
  }
  for (const input of inputs) {
    const call = requestInputCall(input.request, input.call)
    ids.push(call.id as string)
    parts.push({ functionCall: call })
  }
  const event = createEvent({
    invocationId: ctx.invocationId,
    author: agent.name,
    // ADK's confirmation event copies the response event's role; a request for input is a model turn.
    content: { role: confirmationIds.length > 0 ? 'user' : 'model', parts },
    longRunningToolIds: ids,
  })
  const actions = [...(responseEvent ? [responseEvent.actions] : []), ...inputs.map((input) => input.actions)]
  event.actions = actions.length === 1 ? { ...(actions[0] as EventActions) } : mergeEventActions(actions)
  if (ctx.branch !== undefined) event.branch = ctx.branch
  pauseAgent(ctx)
  yield event
}
