import type { LoopBuilder, NodeHolder } from '@adk-fluent/fluent'
import { bareKey, checkBuilder, checkCount, checkOptionsObject, checkStateKey, describeValue, failOption } from './check-options.js'
import { parseQuality, qualityLabels } from './parse-quality.js'
import { readVerdict, verdictMatches } from './read-verdict.js'
import { reviewRounds, type RoundVerdict } from './review-rounds.js'

/** Options of {@link reviewLoop}. */
export interface ReviewLoopOptions {
  /** Produces the work (a draft); from round 2 on it sees the reviewer's feedback. */
  readonly worker: NodeHolder
  /** Judges the work: its reply (text or a `.returns()` object) carries the quality and the feedback. */
  readonly reviewer: NodeHolder
  /** Where the parsed quality is stored (default `'quality'`); also the prefix of the loop's other keys. */
  readonly qualityKey?: string
  /** The quality that ends the loop (default `0.8`): a number (reached when `>=`) or a verdict string such as `'approved'`. */
  readonly target?: number | string
  /** Rounds at most, a whole number >= 1 (default 3). */
  readonly maxRounds?: number
  /** Where the reviewer's feedback for the next round is stored (default `'feedback'`). */
  readonly feedbackKey?: string
  /** The loop's agent name (default `<worker>_review_loop`). */
  readonly name?: string
}

const shape = '{ worker, reviewer, qualityKey?, target?, maxRounds? }'
const verdictLabels: readonly string[] = ['verdict', 'decision', 'status', ...qualityLabels]

/**
 * Repeats worker → reviewer until the reviewer's quality reaches `target`, or `maxRounds` rounds have run (a core
 * `LoopAgent` over the worker, the reviewer, a judge step and a checkpoint). Each round:
 *
 * - the reviewer's reply is stored under its own `.writes()` key, else under `<qualityKey>_review`;
 * - the judge step stores the quality in `state[qualityKey]` (`null` when none is found): for a numeric target the
 *   number read by {@link parseQuality} (`Score: 9/10` → `0.9`, `85%` → `0.85`, a structured `score` field…),
 *   reached when `>= target`; for a string target the verdict read by {@link readVerdict}, reached when it says
 *   the target ignoring case (`Approved. Ship it.` says `'approved'`);
 * - it stores the feedback (the reply's `feedback` field, or the whole text) in `state[feedbackKey]` — a worker
 *   that is one agent sees it in a `<conversation_context>` block (it is added to the worker's `.reads()`, history
 *   kept); a worker pipeline reads it with `{feedback?}` in its instructions;
 * - it counts the round in `state['<qualityKey>_rounds']`, and on the last round records why the loop ended in
 *   `state['<qualityKey>_stop_reason']`: `'target reached'` or `'max rounds'`.
 *
 * Before round 1 these keys are cleared, so the first round has no feedback.
 * @example
 * const loop = reviewLoop({
 *   worker: Agent('writer').instruct('Write a haiku about {topic}.').writes('draft'),
 *   reviewer: Agent('critic').instruct('Rate the haiku as "Score: N/10", then give one improvement.').reads('draft'),
 *   target: 0.8,
 *   maxRounds: 3,
 * })
 */
export function reviewLoop(options: ReviewLoopOptions): LoopBuilder {
  const checked = checkOptionsObject('reviewLoop', options, shape)
  const worker = checkBuilder(['reviewLoop', 'worker'], checked.worker, "Agent('writer').writes('draft')")
  const reviewer = checkBuilder(['reviewLoop', 'reviewer'], checked.reviewer, "Agent('critic').reads('draft')")
  const qualityKey = checkStateKey(['reviewLoop', 'qualityKey'], checked.qualityKey, 'quality', 'quality')
  const feedbackKey = checkStateKey(['reviewLoop', 'feedbackKey'], checked.feedbackKey, 'feedback', 'feedback')
  const maxRounds = checkCount(['reviewLoop', 'maxRounds'], checked.maxRounds, 1, 3)
  const target = checkTarget(checked.target)
  const labels = [bareKey(qualityKey), ...qualityLabels]
  const judge = (reply: unknown): RoundVerdict => {
    if (typeof target === 'number') {
      const quality = parseQuality(reply, labels)
      return { value: quality, passed: quality !== undefined && quality >= target }
    }
    const verdict = readVerdict(reply, [bareKey(qualityKey), ...verdictLabels])
    return { value: verdict, passed: verdict !== undefined && verdictMatches(verdict, target) }
  }
  return reviewRounds({
    pattern: 'reviewLoop',
    name: checked.name ?? `${worker.node.name}_review_loop`,
    worker,
    reviewer,
    reviewerField: 'reviewer',
    keys: {
      reply: `${qualityKey}_review`,
      result: qualityKey,
      feedback: feedbackKey,
      rounds: `${qualityKey}_rounds`,
      stopReason: `${qualityKey}_stop_reason`,
    },
    maxRounds,
    judgeName: `judge_${bareKey(qualityKey)}`,
    judge,
    stopReasons: { passed: 'target reached', exhausted: 'max rounds' },
  })
}

function checkTarget(target: unknown): number | string {
  if (target === undefined) return 0.8
  if (typeof target === 'number' && Number.isFinite(target)) return target
  if (typeof target === 'string' && target.trim().length > 0) return target.trim()
  failOption(
    ['reviewLoop', 'target'],
    `must be a number (reached when the quality is >= it) or a verdict string, got ${describeValue(target)}. Pass, for example, target: 0.8 or target: 'approved'.`,
  )
}
