import type { Content, FunctionResponse } from '../models/genai-types.js'
import type { Event } from '../events/event.js'
import { InterruptAnswerError } from '../errors/interrupt-errors.js'
import { describeValue } from '../util/describe-value.js'
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, REQUEST_INPUT_FUNCTION_CALL_NAME } from './interrupt-names.js'
import { pendingInterrupts, type PendingInterrupt } from './pending-interrupts.js'
import { replyAsResult, replyMismatch, unwrapReply } from './response-schema.js'

/**
 * Answers to pending interrupts, by interrupt id. A confirmation takes `true` (approve), `false` (refuse) or
 * `{ confirmed, payload? }`; an input takes its reply (an object matching the request's `responseSchema`, or a bare
 * value); a long-running tool takes its result (an object, or a value sent as `{ result }`).
 */
export type InterruptAnswers = Readonly<Record<string, unknown>>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The confirmation an answer means, or a sentence saying why it is not one. */
function confirmationOf(answer: unknown): Record<string, unknown> | string {
  if (typeof answer === 'boolean') return { confirmed: answer }
  if (isRecord(answer) && typeof answer['confirmed'] === 'boolean') {
    return answer['payload'] === undefined
      ? { confirmed: answer['confirmed'] }
      : { confirmed: answer['confirmed'], payload: answer['payload'] }
  }
  return `a confirmation is answered with true, false or { confirmed: boolean, payload? }, got ${describeValue(answer)}`
}

/** The `functionResponse` answering `interrupt`, or a sentence saying why `answer` cannot answer it. */
function responseFor(interrupt: PendingInterrupt, answer: unknown): FunctionResponse | string {
  if (answer === undefined) return `the answer is undefined`
  if (interrupt.kind === 'confirmation') {
    const confirmation = confirmationOf(answer)
    if (typeof confirmation === 'string') return confirmation
    return { id: interrupt.id, name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, response: confirmation }
  }
  if (interrupt.kind === 'input') {
    const response = replyAsResult(answer)
    const mismatch = replyMismatch(
      interrupt.id,
      unwrapReply(response, interrupt.responseSchema),
      interrupt.responseSchema,
    )
    if (mismatch) return mismatch
    return { id: interrupt.id, name: REQUEST_INPUT_FUNCTION_CALL_NAME, response }
  }
  return { id: interrupt.id, name: interrupt.functionCallName, response: replyAsResult(answer) }
}

function describePending(pending: readonly PendingInterrupt[]): string {
  if (pending.length === 0) return 'The session has no pending interrupts.'
  return `Pending: ${pending.map((item) => `${item.id} (${item.kind}${item.tool ? ` ${item.tool}` : ''})`).join(', ')}.`
}

/**
 * The user message that answers some of `pending`: one `functionResponse` per answer, in the order of `pending`.
 * Every problem (an id that is not pending, a confirmation that is not a boolean, an input that does not match its
 * schema) is reported at once in one {@link InterruptAnswerError}.
 */
export function answerContent(pending: readonly PendingInterrupt[], answers: InterruptAnswers): Content {
  const byId = new Map(pending.map((item) => [item.id, item]))
  const problems: string[] = []
  const ids = Object.keys(answers)
  if (ids.length === 0) problems.push('no answers were given')
  for (const id of ids) if (!byId.has(id)) problems.push(`"${id}" is not a pending interrupt`)
  const parts: Content['parts'] = []
  for (const item of pending) {
    if (!Object.hasOwn(answers, item.id)) continue
    const response = responseFor(item, answers[item.id])
    if (typeof response === 'string') problems.push(`"${item.id}": ${response}`)
    else parts.push({ functionResponse: response })
  }
  if (problems.length > 0) {
    throw new InterruptAnswerError(
      `These answers cannot resume the run: ${problems.join('; ')}. ${describePending(pending)}`,
      ids.length === 1 ? { interruptId: ids[0] as string } : {},
    )
  }
  return { role: 'user', parts }
}

/**
 * Checks the `adk_request_input` replies of a client message against the session (before anything is stored): each
 * must answer a pending input of the session, once, and a structured reply must match the request's
 * `responseSchema`. Throws an {@link InterruptAnswerError} naming the interrupt otherwise.
 */
export function checkInputReplies(events: readonly Event[], message: Content): void {
  let pending: Map<string, PendingInterrupt> | undefined
  for (const part of message.parts ?? []) {
    const reply = part.functionResponse
    if (reply?.name !== REQUEST_INPUT_FUNCTION_CALL_NAME) continue
    pending ??= new Map(pendingInterrupts(events).map((item) => [item.id, item]))
    const id = reply.id ?? ''
    const interrupt = pending.get(id)
    if (!interrupt || interrupt.kind !== 'input') {
      throw new InterruptAnswerError(
        `The reply to interrupt "${id}" answers no pending request for input: it was answered already or never asked. ${describePending([...pending.values()])}`,
        { interruptId: id },
      )
    }
    const mismatch = replyMismatch(id, unwrapReply(reply.response, interrupt.responseSchema), interrupt.responseSchema)
    if (mismatch) throw new InterruptAnswerError(mismatch, { interruptId: id })
    pending.delete(id)
  }
}
