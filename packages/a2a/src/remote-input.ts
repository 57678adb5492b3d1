import type { Part } from '@a2a-js/sdk'
import {
  REQUEST_INPUT_FUNCTION_CALL_NAME,
  RequestInput,
  createRequestInputEvent,
  type Event,
  type InvocationContext,
} from '@adk-fluent/core'
import { dataPart, textPart } from './a2a-parts.js'
import type { RemoteAnswer } from './remote-call.js'

/** Where a remote task waits: the `payload.a2a` of the `adk_request_input` call a remote's `input-required` became. */
export interface RemoteTaskRef {
  readonly url: string
  readonly taskId: string
  readonly contextId: string
}

/** An answer to a remote task that waits: the reply the user gave to its pause, and the task to send it to. */
export interface RemoteReply extends RemoteTaskRef {
  readonly interruptId: string
  readonly response: unknown
  /** What the remote asked (the pause's message) and the data it sent with it. */
  readonly question: string
  readonly data: Record<string, unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function taskRefOf(args: Record<string, unknown> | undefined, url: string): RemoteTaskRef | undefined {
  const payload = args?.['payload']
  const ref = isRecord(payload) ? payload['a2a'] : undefined
  if (!isRecord(ref) || ref['url'] !== url) return undefined
  const { taskId, contextId } = ref
  return typeof taskId === 'string' && typeof contextId === 'string' ? { url, taskId, contextId } : undefined
}

/**
 * The pause a remote's `input-required` answer becomes: an `adk_request_input` (kind `input` in the inbox) asking the
 * remote's question, with `payload: { a2a: { url, taskId, contextId }, data }` (the task it waits in, and the data
 * the remote sent with its question, such as an adk-fluent server's `interrupts`).
 */
export function remoteInputEvent(
  ctx: InvocationContext,
  author: string,
  answer: Pick<RemoteAnswer, 'text' | 'data' | 'taskId' | 'contextId'>,
  url: string,
): Event {
  const request = new RequestInput({
    message: answer.text || `The remote agent at ${url} needs input.`,
    payload: { a2a: { url, taskId: answer.taskId, contextId: answer.contextId }, data: answer.data },
  })
  const event = createRequestInputEvent(request, { invocationId: ctx.invocationId, author, branch: ctx.branch })
  event.customMetadata = { a2a: { url, taskId: answer.taskId, contextId: answer.contextId } }
  return event
}

/** The reply of this turn's message to a pause of `author`'s remote task at `url`, if it carries one. */
export function remoteReply(ctx: InvocationContext, author: string, url: string): RemoteReply | undefined {
  for (const part of ctx.userContent?.parts ?? []) {
    const response = part.functionResponse
    if (response?.name !== REQUEST_INPUT_FUNCTION_CALL_NAME || !response.id) continue
    const events = ctx.session.events
    for (let index = events.length - 1; index >= 0; index--) {
      const event = events[index] as Event
      if (event.author !== author) continue
      const call = event.content?.parts?.find((item) => item.functionCall?.id === response.id)?.functionCall
      const ref = call ? taskRefOf(call.args, url) : undefined
      if (!ref) continue
      const payload = call?.args?.['payload'] as { data?: unknown }
      const question = call?.args?.['message']
      return {
        ...ref,
        interruptId: response.id,
        response: response.response,
        question: typeof question === 'string' ? question : '',
        data: isRecord(payload.data) ? payload.data : {},
      }
    }
  }
  return undefined
}

/** True while one of `author`'s remote tasks at `url` waits for a reply nobody gave (its pause is unanswered). */
export function awaitsRemoteReply(ctx: InvocationContext, author: string, url: string): boolean {
  const events = ctx.session.events
  const answered = new Set(
    events.flatMap((event) => (event.content?.parts ?? []).flatMap((part) => part.functionResponse?.id ?? [])),
  )
  return events.some(
    (event) =>
      event.author === author &&
      event.invocationId === ctx.invocationId &&
      event.content?.parts?.some((part) => {
        const call = part.functionCall
        return call?.id !== undefined && !answered.has(call.id) && taskRefOf(call.args, url) !== undefined
      }),
  )
}

/**
 * The parts a reply is sent as: a text reply (`{ result: "…" }`, what a bare value becomes) as text, any other object
 * as one data part (an adk-fluent remote reads `{ answers: { <id>: … } }` there).
 */
export function replyParts(response: unknown): Part[] {
  if (isRecord(response)) {
    const keys = Object.keys(response)
    const result = response['result']
    if (keys.length === 1 && typeof result === 'string') return [textPart(result)]
    return [dataPart(response)]
  }
  return [textPart(typeof response === 'string' ? response : JSON.stringify(response ?? null))]
}
