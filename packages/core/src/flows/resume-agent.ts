import type { FunctionCall, FunctionResponse, Part } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { getFunctionCalls, isFinalResponse, type Event } from '../events/event.js'
import { ToolConfirmation } from '../tools/tool-confirmation.js'
import type { BaseTool } from '../tools/base-tool.js'
import {
  FRAMEWORK_FUNCTION_CALL_NAMES,
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
  RESPONSE_SCHEMA_ARG,
} from '../pause/interrupt-names.js'
import { replyAsResult, unwrapReply } from '../pause/response-schema.js'
import { bindConfirmationRequest, checkConfirmedTool } from '../pause/confirmation-binding.js'
import { handleFunctionCalls, runTransfer } from './functions.js'
import { pauseAgent, responsesEvent } from './interrupt-events.js'
import { saveOutputToState } from './output-key.js'

/**
 * What an agent's entry found: nothing to resume (`none`: the model is called as usual), calls resumed (`continue`:
 * the model is called with their responses), still waiting (`paused`), or its run already complete (`done`).
 */
export type ResumeOutcome = 'none' | 'continue' | 'paused' | 'done'

/** True when a message answers calls (a function response): an answer turn. */
export function hasAnswers(message: { parts?: Part[] | undefined } | undefined): boolean {
  const parts = message?.parts
  if (!parts) return false
  for (const part of parts) if (part.functionResponse) return true
  return false
}

/** Parses a confirmation the user sent back: the object itself, or `{ response: "<json>" }`. */
function parseConfirmation(response: Record<string, unknown> | undefined): ToolConfirmation {
  let value: unknown = response
  if (response && typeof response['response'] === 'string' && Object.keys(response).length === 1) {
    try {
      value = JSON.parse(response['response'])
    } catch {
      value = {}
    }
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  return new ToolConfirmation({
    hint: typeof record['hint'] === 'string' ? record['hint'] : '',
    confirmed: record['confirmed'] === true,
    payload: record['payload'],
  })
}

/** A model call of the event (not one of the runtime's own requests). */
function modelCalls(event: Event): FunctionCall[] {
  return getFunctionCalls(event).filter((call) => call.id && call.name && !FRAMEWORK_FUNCTION_CALL_NAMES.has(call.name))
}

interface Interrupt {
  readonly id: string
  readonly name: string
  readonly schema: unknown
}

/** What happened after the agent's last model call: responses, the agent's requests for the user, the user's answers. */
function afterCalls(agent: LlmAgent, events: readonly Event[], callIndex: number) {
  /** call id → true when the user (client) answered it, false when only the runtime did. */
  const responded = new Map<string, boolean>()
  /** original call id → the request that holds it. */
  const interrupts = new Map<string, Interrupt>()
  /** request id → the user's (first) answer. */
  const answers = new Map<string, FunctionResponse>()
  /** The agent's `adk_request_confirmation` calls (checked against the call they pin when answered). */
  const confirmationRequests: FunctionCall[] = []
  for (let index = callIndex + 1; index < events.length; index++) {
    const event = events[index] as Event
    for (const part of event.content?.parts ?? []) {
      const response = part.functionResponse
      if (response?.id) {
        const byUser = event.author === 'user'
        if (byUser && !answers.has(response.id)) answers.set(response.id, response)
        responded.set(response.id, (responded.get(response.id) ?? false) || byUser)
      }
      const call = part.functionCall
      if (
        call?.id &&
        event.author === agent.name &&
        (call.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME || call.name === REQUEST_INPUT_FUNCTION_CALL_NAME)
      ) {
        if (call.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) confirmationRequests.push(call)
        const original = call.args?.['originalFunctionCall'] as FunctionCall | undefined
        if (original?.id) {
          interrupts.set(original.id, { id: call.id, name: call.name, schema: call.args?.[RESPONSE_SCHEMA_ARG] })
        }
      }
    }
  }
  return { responded, interrupts, answers, confirmationRequests }
}

/**
 * Fails closed on an answered confirmation that does not bind to the call it approves (see `confirmation-binding`):
 * nothing runs, the invocation ends with an `IntentMismatchError`.
 */
async function checkApprovals(
  agent: LlmAgent,
  ctx: InvocationContext,
  requests: readonly FunctionCall[],
  answers: ReadonlyMap<string, FunctionResponse>,
  loadTools: () => Promise<Readonly<Record<string, BaseTool>>>,
): Promise<void> {
  for (const request of requests) {
    if (!answers.has(request.id as string)) continue
    const pinned = bindConfirmationRequest(ctx.session.events, request, agent.name)
    if (pinned) await checkConfirmedTool(ctx, agent.name, pinned, await loadTools())
  }
}

/**
 * Continues an agent's paused or interrupted step when it is entered: on an answer turn (the user's message answers
 * calls) or when a resumed invocation re-enters it (`ctx.resumeFrom`). It looks at the agent's last model call:
 * approved calls run (once: a call that has a response never runs again), refused ones answer that they were
 * rejected, replies to `RequestInput`s become their calls' results; in a resumed invocation a call that never got a
 * response (the process died while it ran) runs again — at least once, as in ADK. While a request is unanswered (or a
 * long-running call waits for its result) the agent stays paused and the model is not called; answering some of
 * several requests runs those and keeps waiting for the rest.
 */
export async function* resumeAgent(
  agent: LlmAgent,
  ctx: InvocationContext,
  loadTools: () => Promise<Readonly<Record<string, BaseTool>>>,
): AsyncGenerator<Event, ResumeOutcome, undefined> {
  const events = ctx.session.events
  const resuming = ctx.resumeFrom !== undefined
  const from = ctx.resumeFrom ?? 0
  let callIndex = -1
  let lastOwn: Event | undefined
  for (let index = events.length - 1; index >= from; index--) {
    const event = events[index] as Event
    if (event.author !== agent.name || event.branch !== ctx.branch) continue
    if (resuming && event.invocationId !== ctx.invocationId) continue
    if (event.actions.endOfAgent || event.actions.agentState) continue
    lastOwn ??= event
    if (modelCalls(event).length > 0) {
      callIndex = index
      break
    }
  }
  let outcome: ResumeOutcome = 'none'
  if (callIndex >= 0) {
    const callEvent = events[callIndex] as Event
    const { responded, interrupts, answers, confirmationRequests } = afterCalls(agent, events, callIndex)
    if (confirmationRequests.length > 0 && answers.size > 0)
      await checkApprovals(agent, ctx, confirmationRequests, answers, loadTools)
    const longRunning = new Set(callEvent.longRunningToolIds ?? [])
    const toRun: FunctionCall[] = []
    const confirmations = new Map<string, ToolConfirmation>()
    const replies: Part[] = []
    let waiting = false
    for (const call of modelCalls(callEvent)) {
      const id = call.id as string
      const byUser = responded.get(id)
      if (byUser !== undefined) {
        // A long-running tool's own intermediate result: a resumable run waits for the client's.
        if (ctx.progress && longRunning.has(id) && !byUser) waiting = true
        continue
      }
      const interrupt = interrupts.get(id)
      if (interrupt) {
        const answer = answers.get(interrupt.id)
        if (!answer) waiting = true
        else if (interrupt.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) {
          toRun.push(call)
          confirmations.set(id, parseConfirmation(answer.response))
        } else {
          const response = replyAsResult(unwrapReply(answer.response, interrupt.schema))
          replies.push({ functionResponse: { id, name: call.name as string, response } })
        }
      } else if (longRunning.has(id)) {
        if (ctx.progress) waiting = true
      } else if (resuming) {
        toRun.push(call)
      }
    }
    if (replies.length > 0) {
      const event = responsesEvent(agent, ctx, replies)
      saveOutputToState(agent, event)
      yield event
    }
    if (toRun.length > 0) {
      for await (const event of handleFunctionCalls(agent, ctx, callEvent, await loadTools(), toRun, confirmations)) {
        saveOutputToState(agent, event)
        yield event
      }
    }
    if (waiting) {
      pauseAgent(ctx)
      return 'paused'
    }
    if (ctx.pauseScope?.paused || ctx.endInvocation) return 'paused'
    if (replies.length > 0 || toRun.length > 0) outcome = 'continue'
  }
  if (outcome !== 'none' || !resuming || !lastOwn) return outcome
  // A re-entered agent whose step was complete: go on with a transfer it made, or stop after its final answer.
  if (lastOwn.actions.transferToAgent) {
    yield* runTransfer(agent, ctx, lastOwn)
    return 'done'
  }
  // A final answer ends the agent's run; a call event is final only while its calls wait, and they were answered; a
  // failed model call (an error event, which ended the invocation) is made again.
  return isFinalResponse(lastOwn) && getFunctionCalls(lastOwn).length === 0 && lastOwn.errorCode === undefined
    ? 'done'
    : 'none'
}
