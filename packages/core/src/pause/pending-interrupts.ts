import type { FunctionCall } from '../models/genai-types.js'
import type { Event } from '../events/event.js'
import type { BaseSessionService } from '../sessions/base-session-service.js'
import { SessionNotFoundError } from '../errors/runtime-errors.js'
import {
  FRAMEWORK_FUNCTION_CALL_NAMES,
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
} from './interrupt-names.js'
import { getUserInputRequests } from './user-input-requests.js'

/**
 * What a pause waits for: a human's approval of a tool call (`confirmation`), a reply to a `RequestInput`
 * (`input`), or the result of a long-running tool (`long_running`).
 */
export type InterruptKind = 'confirmation' | 'input' | 'long_running'

/**
 * One item of a session's inbox: a pause of a run that nobody answered yet. Derived from the session's stored events
 * (a call of the runtime's request names, or a long-running call, with no matching response), so every process that
 * reads the session store sees the same list.
 */
export interface PendingInterrupt {
  /** The id to answer: the `functionResponse` id. */
  readonly id: string
  readonly kind: InterruptKind
  /** The name to answer with (`adk_request_confirmation`, `adk_request_input`, or the long-running tool's name). */
  readonly functionCallName: string
  /** The paused invocation (resume it with `runAsync({ invocationId })`). */
  readonly invocationId: string
  /** The agent (or workflow node) that paused. */
  readonly agent: string
  /** Its parallel branch, when it runs in one. */
  readonly branch?: string
  /** `confirmation`: the tool awaiting approval; `long_running`: the tool; `input`: the tool that asked, if a tool did. */
  readonly tool?: string
  /** The arguments of that tool call. */
  readonly args?: Record<string, unknown>
  /** The id of that tool call (the model's function call the answer resolves). */
  readonly functionCallId?: string
  /** `input`: the question; `confirmation`: the hint. */
  readonly message?: string
  /** `input`: the request's payload; `confirmation`: the payload the tool attached. */
  readonly payload?: unknown
  /** `input`: the JSON Schema a structured reply must match. */
  readonly responseSchema?: Record<string, unknown>
  /** When the run paused (milliseconds since the epoch). */
  readonly createdAt: number
}

function originalCall(call: FunctionCall): FunctionCall | undefined {
  const original = call.args?.['originalFunctionCall']
  return typeof original === 'object' && original !== null && !Array.isArray(original)
    ? (original as FunctionCall)
    : undefined
}

/**
 * The pending interrupts of a session's events, oldest first: every `adk_request_confirmation` and
 * `adk_request_input` call without a response of its id, and every long-running call without a response from the
 * client (a long-running tool's own intermediate result does not count).
 */
export function pendingInterrupts(events: readonly Event[]): PendingInterrupt[] {
  const answered = new Set<string>()
  const answeredByUser = new Set<string>()
  for (const event of events) {
    const parts = event.content?.parts
    if (!parts) continue
    for (const part of parts) {
      const id = part.functionResponse?.id
      if (!id) continue
      answered.add(id)
      if (event.author === 'user') answeredByUser.add(id)
    }
  }
  const pending: PendingInterrupt[] = []
  const seen = new Set<string>()
  for (const event of events) {
    if (event.author === 'user' || !event.content?.parts) continue
    const origin = {
      invocationId: event.invocationId,
      agent: event.author,
      ...(event.branch === undefined ? {} : { branch: event.branch }),
      createdAt: event.timestamp,
    }
    for (const request of getUserInputRequests(event)) {
      if (request.kind === 'credential' || answered.has(request.interruptId) || seen.has(request.interruptId)) continue
      seen.add(request.interruptId)
      const call = event.content.parts.find((part) => part.functionCall?.id === request.interruptId)?.functionCall
      const original = call ? originalCall(call) : undefined
      const schema = request.responseSchema
      pending.push({
        id: request.interruptId,
        kind: request.kind,
        functionCallName: request.functionCallName,
        ...origin,
        ...(original?.name === undefined ? {} : { tool: original.name }),
        ...(original ? { args: original.args ?? {} } : {}),
        ...(original?.id === undefined ? {} : { functionCallId: original.id }),
        ...(request.message === undefined ? {} : { message: request.message }),
        ...(request.payload === undefined ? {} : { payload: request.payload }),
        ...(typeof schema === 'object' && schema !== null ? { responseSchema: schema as Record<string, unknown> } : {}),
      })
    }
    const longRunning = event.longRunningToolIds
    if (!longRunning || longRunning.length === 0) continue
    for (const part of event.content.parts) {
      const call = part.functionCall
      if (!call?.id || !call.name || !longRunning.includes(call.id)) continue
      if (FRAMEWORK_FUNCTION_CALL_NAMES.has(call.name) || answeredByUser.has(call.id) || seen.has(call.id)) continue
      seen.add(call.id)
      pending.push({
        id: call.id,
        kind: 'long_running',
        functionCallName: call.name,
        ...origin,
        tool: call.name,
        args: call.args ?? {},
        functionCallId: call.id,
      })
    }
  }
  return pending
}

/**
 * The inbox of one session: its pending interrupts (see {@link pendingInterrupts}), read from the store. Throws
 * `SessionNotFoundError` when the session does not exist.
 */
export async function listPendingInterrupts(
  sessionService: BaseSessionService,
  request: { appName: string; userId: string; sessionId: string },
): Promise<PendingInterrupt[]> {
  const session = await sessionService.getSession(request)
  if (!session) {
    throw new SessionNotFoundError(
      `Session not found: ${request.sessionId} (app "${request.appName}", user "${request.userId}").`,
    )
  }
  return pendingInterrupts(session.events)
}

/** True when the name is one of the runtime's interrupt calls a client answers. */
export function isInterruptCallName(name: string | undefined): boolean {
  return name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME || name === REQUEST_INPUT_FUNCTION_CALL_NAME
}
