import type { LoopBuilder, NodeHolder } from '@adk-fluent/fluent'
import { bareKey, checkBuilder, checkCount, checkOptionsObject, checkStateKey } from './check-options.js'
import { isApproved } from './is-approved.js'
import { reviewRounds } from './review-rounds.js'

/** Options of {@link supervised}. */
export interface SupervisedOptions {
  /** Does the work; after a rejection it sees the supervisor's feedback. */
  readonly worker: NodeHolder
  /** Approves or rejects the work: its reply (text or a `.returns()` object) carries the decision and the feedback. */
  readonly supervisor: NodeHolder
  /** Where the decision (`true` / `false`) is stored (default `'approved'`); also the prefix of the loop's other keys. */
  readonly approvalKey?: string
  /** Revisions after the first attempt, a whole number >= 0 (default 3): the worker runs at most `maxRevisions + 1` times. */
  readonly maxRevisions?: number
  /** Where the supervisor's feedback for the next attempt is stored (default `'feedback'`). */
  readonly feedbackKey?: string
  /** The loop's agent name (default `<worker>_supervised`). */
  readonly name?: string
}

const shape = '{ worker, supervisor, approvalKey?, maxRevisions? }'

/**
 * Repeats worker → supervisor until the supervisor approves, or `maxRevisions` revisions have been rejected (a core
 * `LoopAgent`). Each round the supervisor's reply is stored under its own `.writes()` key, else under
 * `<approvalKey>_review`; a judge step stores the decision ({@link isApproved}) in `state[approvalKey]`, the
 * feedback in `state[feedbackKey]` (a worker that is one agent sees it in its `<conversation_context>` block), the
 * round in `state['<approvalKey>_rounds']` and, on the last round, `state['<approvalKey>_stop_reason']`:
 * `'approved'` or `'max revisions'`. These keys are cleared before the first round. The loop answers with the
 * worker's last work (its `.writes()` key, else `<approvalKey>_draft`): `.ask()` returns the approved work.
 * @example
 * const flow = supervised({
 *   worker: Agent('drafter').instruct('Draft a reply to the customer.').writes('reply'),
 *   supervisor: Agent('lead').instruct('Answer APPROVED, or REJECTED and what to change.').reads('reply'),
 *   maxRevisions: 2,
 * })
 */
export function supervised(options: SupervisedOptions): LoopBuilder {
  const checked = checkOptionsObject('supervised', options, shape)
  const worker = checkBuilder(['supervised', 'worker'], checked.worker, "Agent('drafter').writes('draft')")
  const supervisor = checkBuilder(['supervised', 'supervisor'], checked.supervisor, "Agent('lead').reads('draft')")
  const approvalKey = checkStateKey(['supervised', 'approvalKey'], checked.approvalKey, 'approved', 'approved')
  const feedbackKey = checkStateKey(['supervised', 'feedbackKey'], checked.feedbackKey, 'feedback', 'feedback')
  const maxRevisions = checkCount(['supervised', 'maxRevisions'], checked.maxRevisions, 0, 3)
  return reviewRounds({
    pattern: 'supervised',
    name: checked.name ?? `${worker.node.name}_supervised`,
    worker,
    reviewer: supervisor,
    reviewerField: 'supervisor',
    keys: {
      reply: `${approvalKey}_review`,
      result: approvalKey,
      draft: `${approvalKey}_draft`,
      feedback: feedbackKey,
      rounds: `${approvalKey}_rounds`,
      stopReason: `${approvalKey}_stop_reason`,
    },
    maxRounds: maxRevisions + 1,
    judgeName: `judge_${bareKey(approvalKey)}`,
    judge: (reply) => {
      const approved = isApproved(reply, approvalKey)
      return { value: approved, passed: approved }
    },
    stopReasons: { passed: 'approved', exhausted: 'max revisions' },
  })
}
