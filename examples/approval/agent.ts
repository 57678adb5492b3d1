/**
 * A refund desk whose refunds need a person's approval: `refund` is wrapped in `T.confirm`, so the run pauses before
 * it and goes on only when the approval is answered — in this process or another one that reads the same session
 * store. Refused, the refund never runs and the model is told.
 *
 * `adk-fluent run examples/approval/agent.ts "Refund order 42"` asks "Approve refund({"order":42})? [y/N]" on the
 * terminal; `adk-fluent web examples/approval/agent.ts` lists the approval under the chat.
 */
import type { BaseLlm, LlmRequest } from '@adk-fluent/core'
import { call, text, type ScriptStep } from '@adk-fluent/core/testing'
import { Agent, T } from '@adk-fluent/fluent'
import { z } from 'zod'

/** The payment system the desk refunds through (a stand-in that records each refund). */
export class Payments {
  readonly refunds: number[] = []

  refund(order: number): { refunded: number; status: string } {
    this.refunds.push(order)
    return { refunded: order, status: 'sent to the bank' }
  }
}

/** The desk on `model`, refunding through `payments`. */
export function refundDesk(model: string | BaseLlm, payments: Payments) {
  const refund = ({ order }: { order: number }) => payments.refund(order)
  return Agent('refund_desk', model)
    .instruct(
      'You handle refund requests. Call refund with the order number the customer gives, then tell them the outcome.',
    )
    .tools(
      T.confirm(
        T.fn(refund, {
          name: 'refund',
          description: 'Refunds an order in full.',
          parameters: z.object({ order: z.number().int().describe('The order number') }),
        }),
        { hint: 'Refund this order?' },
      ),
    )
}

/**
 * The offline model: asks for the refund of the order the message names, then says what the tool answered. It
 * reads the request (not a call count), so a run resumed by another process gets the right reply too.
 */
export function deskReply(request: LlmRequest): ScriptStep {
  const last = request.contents.at(-1)?.parts?.[0]
  const result = last?.functionResponse
  if (result?.name === 'refund') {
    const response = (result.response ?? {}) as { refunded?: number; error?: string }
    return response.refunded === undefined
      ? text(`I could not refund the order: the refund was not approved (${response.error ?? 'refused'}).`)
      : text(`Order ${response.refunded} is refunded; the money is on its way.`)
  }
  const order = /order (\d+)/i.exec(last?.text ?? '')?.[1]
  return order === undefined ? text('Which order should I refund?') : call('refund', { order: Number(order) })
}

/** What `adk-fluent run` and `adk-fluent web` run offline (no key set): one reply per model call. */
export const mockScript = [deskReply, deskReply, deskReply, deskReply]

/** The desk `adk-fluent run` / `web` load (its payments live as long as the process). */
export const desk = refundDesk('gemini-2.5-flash', new Payments())
