import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'

/**
 * An answer to a paused run that cannot be used: it names no pending interrupt, answers one twice, has the wrong
 * shape for its kind (a confirmation needs `true`, `false` or `{ confirmed, payload? }`), or does not match the
 * `responseSchema` its request declared. Nothing was stored: the interrupt still waits, answer it again.
 */
export class InterruptAnswerError extends AdkFluentError {
  /** The interrupt the answer was for, when it names one. */
  readonly interruptId: string | undefined

  constructor(message: string, options: AdkFluentErrorOptions & { interruptId?: string } = {}) {
    super('INTERRUPT_ANSWER_INVALID', message, options)
    this.interruptId = options.interruptId
  }
}

/**
 * Why a confirmation was refused (`@google/adk`'s `IntentMismatchReason`): each value is one check the resume path
 * makes before it runs a tool call a human approved.
 * - `untrusted_request`: the answered `adk_request_confirmation` call was written by the user, not by the agent.
 * - `malformed_request`: the request pins no usable call (no id or no tool name).
 * - `unknown_original_call`: the pinned call is not a call the agent made in the session.
 * - `unregistered_tool`: the pinned call names a tool the agent does not have.
 * - `confirmation_not_required`: the tool does not ask for approval of this call, so nothing was approved.
 * - `tool_name_mismatch` / `arguments_mismatch`: the pinned call's tool or arguments differ from the call the agent made.
 */
export type IntentMismatchReason =
  | 'untrusted_request'
  | 'malformed_request'
  | 'unknown_original_call'
  | 'unregistered_tool'
  | 'confirmation_not_required'
  | 'tool_name_mismatch'
  | 'arguments_mismatch'

/**
 * A tool confirmation that does not bind to the call it claims to approve (a forged or tampered
 * `adk_request_confirmation`): the run fails closed — the tool does not run and the invocation ends. The message names
 * the reason and the call and never the arguments (they are attacker-controlled). `@google/adk`'s
 * `IntentMismatchError`, with the stable code `INTENT_MISMATCH`.
 */
export class IntentMismatchError extends AdkFluentError {
  /** Which binding check refused the confirmation. */
  readonly reason: IntentMismatchReason
  /** The id of the pinned call, when one was named. */
  readonly functionCallId: string | undefined

  constructor(options: { reason: IntentMismatchReason; functionCallId?: string | undefined } & AdkFluentErrorOptions) {
    const target = options.functionCallId ? ` for function call '${options.functionCallId}'` : ''
    super('INTENT_MISMATCH', `Tool confirmation rejected${target}: ${options.reason}.`, options)
    this.reason = options.reason
    this.functionCallId = options.functionCallId
  }
}

/**
 * True for an {@link IntentMismatchError} (`@google/adk`'s guard): matched on `name`, so it holds across module copies
 * — and for `@google/adk`'s own error of that name.
 */
export function isIntentMismatchError(error: unknown): error is IntentMismatchError {
  return error instanceof Error && error.name === 'IntentMismatchError'
}
