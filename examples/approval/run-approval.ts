import { listPendingInterrupts, type BaseLlm } from '@adk-fluent/core'
import { RunPausedError, resumeWith } from '@adk-fluent/fluent'
import { openSessionService } from '@adk-fluent/sessions'
import { Payments, refundDesk } from './agent.js'

/** Where the example keeps its sessions, what model each "process" uses, and where lines go. */
export interface ApprovalOptions {
  readonly file: string
  /** A fresh model for each runner (a new process has its own). */
  readonly model: () => string | BaseLlm
  readonly print: (line: string) => void
}

/** What happened to one ticket. */
export interface TicketOutcome {
  readonly ticket: string
  readonly approved: boolean
  readonly answer: string
}

/**
 * Two tickets. For each, the first runner asks the desk and the run pauses before the refund; a second runner (a new
 * session service on the same SQLite file, a new desk and model: what a new process has) reads the session's inbox and
 * answers it — approving the first ticket, refusing the second. `payments` is the one payment system both talk to.
 */
export async function runApproval(options: ApprovalOptions, payments = new Payments()): Promise<TicketOutcome[]> {
  const { file, print } = options
  const outcomes: TicketOutcome[] = []
  for (const [ticket, order, approved] of [
    ['ticket-42', 42, true],
    ['ticket-7', 7, false],
  ] as const) {
    // The first "process": asks, and the run pauses.
    const first = openSessionService(`sqlite:${file}`)
    try {
      print(`> Refund order ${order}`)
      await refundDesk(options.model(), payments).ask(`Refund order ${order}`, {
        sessionService: first,
        sessionId: ticket,
      })
      throw new Error(`the run of ${ticket} did not pause for approval`)
    } catch (error) {
      if (!RunPausedError.isInstance(error)) throw error
      const [pause] = error.interrupts
      print(`  paused: ${pause?.message} ${pause?.tool}(${JSON.stringify(pause?.args)})`)
    } finally {
      await first.close()
    }

    // The second "process": the inbox of the ticket's session, answered by id.
    const second = openSessionService(`sqlite:${file}`)
    try {
      const inbox = await listPendingInterrupts(second, { appName: 'refund_desk', userId: 'user', sessionId: ticket })
      const answers = Object.fromEntries(inbox.map((item) => [item.id, approved]))
      print(`  ${approved ? 'approved' : 'refused'} by a second runner`)
      const answer = await refundDesk(options.model(), payments).ask(resumeWith(answers), {
        sessionService: second,
        sessionId: ticket,
      })
      print(`[refund_desk] ${answer}`)
      outcomes.push({ ticket, approved, answer })
    } finally {
      await second.close()
    }
  }
  print(`Refunds made: ${payments.refunds.join(', ') || 'none'}`)
  return outcomes
}
