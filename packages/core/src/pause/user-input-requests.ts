import type { FunctionCall } from '../models/genai-types.js'
import type { Event } from '../events/event.js'
import {
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_CREDENTIAL_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
  RESPONSE_SCHEMA_ARG,
} from './interrupt-names.js'

/** What a paused run waits for (`@google/adk`'s kinds): input (`RequestInput`), a credential, or a confirmation. */
export type UserInputKind = 'input' | 'credential' | 'confirmation'

/** One request for the user carried by an event (`@google/adk`'s `UserInputRequest`). */
export interface UserInputRequest {
  kind: UserInputKind
  /** The id to answer: a `functionResponse` with this id and {@link UserInputRequest.functionCallName}. */
  interruptId: string
  functionCallName: string
  /** The agent (or workflow node) that asked. */
  author?: string
  /** The prompt: the input's message, the credential prompt or the confirmation's hint. */
  message?: string
  payload?: unknown
  /** JSON Schema of the reply (`input` only). */
  responseSchema?: unknown
  /** The tool awaiting approval (`confirmation`), or the tool that asked (`input` raised by a tool). */
  toolName?: string
  /** The credential's auth config (`credential` only). */
  authConfig?: unknown
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** Every request for the user in one event, in part order (answered or not: see {@link getPendingUserInputRequests}). */
export function getUserInputRequests(event: Event): UserInputRequest[] {
  const requests: UserInputRequest[] = []
  for (const part of event.content?.parts ?? []) {
    const call = part.functionCall
    const name = call?.name
    if (
      !call ||
      (name !== REQUEST_INPUT_FUNCTION_CALL_NAME &&
        name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME &&
        name !== REQUEST_CREDENTIAL_FUNCTION_CALL_NAME)
    )
      continue
    const args = call.args ?? {}
    const interruptId =
      call.id ?? text(args['interruptId']) ?? text(args['functionCallId']) ?? text(args['function_call_id'])
    if (!interruptId) continue
    const base = { interruptId, functionCallName: name, author: event.author }
    if (name === REQUEST_INPUT_FUNCTION_CALL_NAME) {
      const request: UserInputRequest = { ...base, kind: 'input' }
      const message = text(args['message'])
      if (message !== undefined) request.message = message
      if (args['payload'] !== undefined && args['payload'] !== null) request.payload = args['payload']
      // `responseSchema`: the spelling older sessions may hold.
      const schema = args[RESPONSE_SCHEMA_ARG] ?? args['responseSchema']
      if (schema !== undefined && schema !== null) request.responseSchema = schema
      const tool = text(record(args['originalFunctionCall'])?.['name'])
      if (tool !== undefined) request.toolName = tool
      requests.push(request)
    } else if (name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) {
      const confirmation = record(args['toolConfirmation'])
      const request: UserInputRequest = { ...base, kind: 'confirmation' }
      const hint = text(confirmation?.['hint'])
      if (hint !== undefined && hint.trim() !== '') request.message = hint
      if (confirmation?.['payload'] !== undefined) request.payload = confirmation['payload']
      const tool = text(record(args['originalFunctionCall'])?.['name'])
      if (tool !== undefined) request.toolName = tool
      requests.push(request)
    } else {
      const request: UserInputRequest = { ...base, kind: 'credential' }
      const message = text(args['message'])
      if (message !== undefined) request.message = message
      const authConfig = args['authConfig'] ?? args['auth_config']
      if (authConfig !== undefined) request.authConfig = authConfig
      requests.push(request)
    }
  }
  return requests
}

/** True when the event asks the user for something. */
export function requiresUserInput(event: Event): boolean {
  return getUserInputRequests(event).length > 0
}

/**
 * The requests of `events` not answered yet (no `functionResponse` with their id anywhere in `events`), in the order
 * they were raised; an id raised twice is reported once.
 */
export function getPendingUserInputRequests(events: readonly Event[]): UserInputRequest[] {
  const answered = new Set<string>()
  for (const event of events)
    for (const part of event.content?.parts ?? []) if (part.functionResponse?.id) answered.add(part.functionResponse.id)
  const pending: UserInputRequest[] = []
  const seen = new Set<string>()
  for (const event of events) {
    for (const request of getUserInputRequests(event)) {
      if (answered.has(request.interruptId) || seen.has(request.interruptId)) continue
      seen.add(request.interruptId)
      pending.push(request)
    }
  }
  return pending
}

/** The `adk_request_confirmation` calls of an event, in part order (`@google/adk`'s `getAskUserConfirmationFunctionCalls`). */
export function getAskUserConfirmationFunctionCalls(event: Event): FunctionCall[] {
  const calls: FunctionCall[] = []
  for (const part of event.content?.parts ?? [])
    if (part.functionCall?.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) calls.push(part.functionCall)
  return calls
}
