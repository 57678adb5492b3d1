import type { Content, FunctionCall } from '../models/genai-types.js'
import type { Event } from '../events/event.js'
import type { BaseTool } from '../tools/base-tool.js'
import { Context } from '../agents/context.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { InterruptAnswerError, IntentMismatchError, type IntentMismatchReason } from '../errors/interrupt-errors.js'
import { FRAMEWORK_FUNCTION_CALL_NAMES, REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from './interrupt-names.js'
import { pendingInterrupts } from './pending-interrupts.js'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Structural equality of JSON values (key order does not matter; `undefined` members count as absent). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]))
  if (!isRecord(a) || !isRecord(b)) return false
  const keysA = Object.keys(a).filter((key) => a[key] !== undefined)
  const keysB = Object.keys(b).filter((key) => b[key] !== undefined)
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]))
}

/** The call an `adk_request_confirmation` call pins, with the id and name it must have. */
export interface PinnedCall {
  readonly id: string
  readonly name: string
  readonly args: Record<string, unknown>
}

/**
 * The checks of one answered `adk_request_confirmation` call that need only the session's events: the request pins a
 * call (`malformed_request`), the agent that asked (`author`) made that call (`unknown_original_call`), with that
 * tool (`tool_name_mismatch`) and those arguments (`arguments_mismatch`). Returns the call as the agent made it;
 * throws an {@link IntentMismatchError} otherwise. `undefined` when the request pins nothing at all (ADK ignores it).
 */
export function bindConfirmationRequest(
  events: readonly Event[],
  request: FunctionCall,
  author: string,
): PinnedCall | undefined {
  const pinned = request.args?.['originalFunctionCall']
  if (!isRecord(pinned)) return undefined
  const refuse = (reason: IntentMismatchReason, functionCallId: string | undefined) =>
    new IntentMismatchError({ reason, functionCallId })
  const id = pinned['id']
  const name = pinned['name']
  if (typeof id !== 'string' || id === '' || typeof name !== 'string' || name === '')
    throw refuse('malformed_request', request.id)
  let original: FunctionCall | undefined
  for (const event of events) {
    if (event.author !== author) continue
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall
      if (call?.id === id && call.name && !FRAMEWORK_FUNCTION_CALL_NAMES.has(call.name)) original = call
    }
  }
  if (!original) throw refuse('unknown_original_call', id)
  if (original.name !== name) throw refuse('tool_name_mismatch', id)
  const args = isRecord(pinned['args']) ? pinned['args'] : {}
  if (!sameValue(original.args ?? {}, args)) throw refuse('arguments_mismatch', id)
  return { id, name, args: original.args ?? {} }
}

/**
 * The checks of an approved call that need the agent's tools: the tool exists (`unregistered_tool`) and asked for
 * approval of this call — its `requireConfirmation` holds for the arguments, or it requested a confirmation itself
 * (an event of the agent records the request) — else `confirmation_not_required`.
 */
export async function checkConfirmedTool(
  ctx: InvocationContext,
  author: string,
  pinned: PinnedCall,
  tools: Readonly<Record<string, BaseTool>>,
): Promise<void> {
  const tool = Object.hasOwn(tools, pinned.name) ? tools[pinned.name] : undefined
  if (!tool) throw new IntentMismatchError({ reason: 'unregistered_tool', functionCallId: pinned.id })
  const requested = ctx.session.events.some(
    (event) => event.author === author && Object.hasOwn(event.actions.requestedToolConfirmations, pinned.id),
  )
  if (requested) return
  const gate = (tool as { checkRequireConfirmation?: unknown }).checkRequireConfirmation
  const gates =
    typeof gate === 'function' &&
    (await (gate as (args: Record<string, unknown>, context: Context) => Promise<boolean>).call(
      tool,
      structuredClone(pinned.args),
      new Context({ invocationContext: ctx, functionCallId: pinned.id }),
    ))
  if (!gates) throw new IntentMismatchError({ reason: 'confirmation_not_required', functionCallId: pinned.id })
}

/**
 * Checks the `adk_request_confirmation` answers of a client message against the session before anything is stored:
 * each answers a confirmation request of the session (else an {@link InterruptAnswerError}: ADK ignores it, we say so),
 * raised by an agent rather than written by the user (`untrusted_request`), whose pinned call is the call the agent
 * made (see {@link bindConfirmationRequest}). An answer to a request answered before changes nothing and is let
 * through, as before.
 */
export function checkConfirmationReplies(events: readonly Event[], message: Content): void {
  let pending: Set<string> | undefined
  for (const part of message.parts ?? []) {
    const reply = part.functionResponse
    if (reply?.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) continue
    const id = reply.id ?? ''
    let request: { call: FunctionCall; author: string } | undefined
    for (const event of events)
      for (const eventPart of event.content?.parts ?? [])
        if (
          eventPart.functionCall?.id === id &&
          eventPart.functionCall.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME
        )
          request = { call: eventPart.functionCall, author: event.author }
    if (request?.author === 'user') throw new IntentMismatchError({ reason: 'untrusted_request', functionCallId: id })
    if (!request) {
      const open = pendingInterrupts(events)
        .filter((item) => item.kind === 'confirmation')
        .map((item) => item.id)
      throw new InterruptAnswerError(
        `The confirmation "${id}" answers no confirmation request of this session: it was never asked. ${
          open.length > 0 ? `Pending confirmations: ${open.join(', ')}.` : 'The session has no pending confirmation.'
        }`,
        { interruptId: id },
      )
    }
    // An approval sent again is a no-op (the call ran once already): only a first answer is checked.
    pending ??= new Set(pendingInterrupts(events).map((item) => item.id))
    if (!pending.has(id)) continue
    bindConfirmationRequest(events, request.call, request.author)
    pending.delete(id)
  }
}
