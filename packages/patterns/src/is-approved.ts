import { bareKey } from './check-options.js'
import { readVerdict, verdictMatches } from './read-verdict.js'
import { firstField, replyRecord } from './reply-fields.js'

/** The words that mean approval, as a whole verdict or its first clause (case-insensitive). */
export const approvalWords: readonly string[] = Object.freeze(['yes', 'true', 'approved', 'accept', 'ok'])

const decisionLabels: readonly string[] = ['approved', 'approval', 'decision', 'verdict']

/**
 * Whether a supervisor's reply approves: a boolean as it is; an object (structured answer or JSON text) by its
 * approval field (the approval key, `approved`, `approval`, `decision` or `verdict`); text by its verdict
 * ({@link readVerdict}) saying one of {@link approvalWords} (`Approved.`, `OK, ship it`, `yes`). Anything else,
 * including `Not approved` and no reply, is a rejection.
 * @example isApproved('Approved — ship it.', 'approved') // true
 */
export function isApproved(reply: unknown, approvalKey: string): boolean {
  if (typeof reply === 'boolean') return reply
  const labels = [bareKey(approvalKey), ...decisionLabels]
  const record = replyRecord(reply)
  const decision = record ? firstField(record, labels) : reply
  if (typeof decision === 'boolean') return decision
  const verdict = readVerdict(decision, labels)
  return verdict !== undefined && approvalWords.some((word) => verdictMatches(verdict, word))
}
