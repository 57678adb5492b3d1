import type { LoopBuilder, NodeHolder } from '@adk-fluent/fluent'
import {
  bareKey,
  checkBuilder,
  checkCount,
  checkOptionsObject,
  checkStateKey,
  describeValue,
  throwConfigIssue,
} from './check-options.js'
import { StateError } from '@adk-fluent/fluent'
import { qualityLabels, readQuality, type QualityReading } from './parse-quality.js'
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
  /**
   * The quality that ends the loop (default `0.8`): a number (reached when `>=`) or a verdict string such as
   * `'approved'`. A number is a fraction from 0 to 1; with a `scale`, a number above 1 is read on that scale
   * (`{ target: 8, scale: 10 }` is `0.8`).
   */
  readonly target?: number | string
  /**
   * The top of the reviewer's scale when it gives bare numbers (default 1: a fraction). A bare score is divided by it
   * (`{ score: 4 }` with `scale: 10` is `0.4`); `N/M`, `N out of M` and `N%` carry their own scale. A bare score
   * above the scale stops the run with a `StateError` instead of passing silently. When the reviewer `.returns()` a
   * schema whose score field has a `.max()`, the scale must match it.
   */
  readonly scale?: number
  /** Rounds at most, a whole number >= 1 (default 3). */
  readonly maxRounds?: number
  /** Where the reviewer's feedback for the next round is stored (default `'feedback'`). */
  readonly feedbackKey?: string
  /** The loop's agent name (default `<worker>_review_loop`). */
  readonly name?: string
}

const shape = '{ worker, reviewer, qualityKey?, target?, scale?, maxRounds? }'
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
 * Before round 1 these keys are cleared, so the first round has no feedback. On the round that ends the loop the
 * judge step answers with the worker's draft (its `.writes()` key; a single-agent worker without one stores it under
 * `<qualityKey>_draft`), so `.ask()` returns the accepted draft (the last one when `maxRounds` ran out), not the
 * reviewer's reply.
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
  const labels = [bareKey(qualityKey), ...qualityLabels]
  const scale = checkScale(checked.scale, reviewer, labels)
  const target = checkTarget(checked.target, scale, checked.scale !== undefined)
  const judge = (reply: unknown): RoundVerdict => {
    if (typeof target === 'number') {
      const quality = onScale(readQuality(reply, labels), scale, reviewer.node.name)
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
      draft: `${qualityKey}_draft`,
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

/** A reading as a fraction of the scale; a bare number above the scale is an error, never a silent pass. */
function onScale(reading: QualityReading | undefined, scale: number, reviewerName: string): number | undefined {
  if (!reading) return undefined
  if (!reading.bare) return reading.value
  if (reading.value < 0 || reading.value > scale) {
    throw new StateError(
      `reviewLoop: reviewer "${reviewerName}" gave the score ${reading.value}, outside the scale 0–${scale}. Pass the reviewer's scale (for example scale: 10 for scores from 0 to 10), or ask the reviewer for "N/10" or a percentage.`,
    )
  }
  return reading.value / scale
}

function checkScale(scale: unknown, reviewer: NodeHolder, labels: readonly string[]): number {
  if (scale !== undefined && (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0)) {
    throwConfigIssue(
      'number_invalid',
      ['reviewLoop', 'scale'],
      `must be a number above 0 (the top of the reviewer's scale), got ${describeValue(scale)}.`,
      `Pass, for example, scale: 10.`,
    )
  }
  const declared = schemaScale(reviewer, labels)
  const chosen = (scale as number | undefined) ?? 1
  if (declared !== undefined && declared.max !== chosen) {
    throwConfigIssue(
      'options_conflict',
      ['reviewLoop', 'scale'],
      `the reviewer "${reviewer.node.name}" returns ${declared.field} up to ${declared.max} (its .returns() schema), but the loop reads scores on the scale 0–${chosen}.`,
      `Pass scale: ${declared.max}, so that target stays a fraction.`,
    )
  }
  return chosen
}

/** The `.max()` of the score field of the reviewer's `.returns()` schema, when it has one. */
function schemaScale(reviewer: NodeHolder, labels: readonly string[]): { field: string; max: number } | undefined {
  const returns = (reviewer.node as { returns?: unknown }).returns as { shape?: Record<string, unknown> } | undefined
  const shape = returns?.shape
  if (!shape || typeof shape !== 'object') return undefined
  const byLowerName = new Map(Object.keys(shape).map((key) => [key.toLowerCase(), key]))
  for (const label of labels) {
    const key = byLowerName.get(label.toLowerCase())
    if (key === undefined) continue
    const max = (shape[key] as { maxValue?: unknown } | undefined)?.maxValue
    return typeof max === 'number' && Number.isFinite(max) ? { field: key, max } : undefined
  }
  return undefined
}

function checkTarget(target: unknown, scale: number, scaleGiven: boolean): number | string {
  if (target === undefined) return 0.8
  if (typeof target === 'number' && Number.isFinite(target)) {
    if (target >= 0 && target <= 1) return target
    if (scaleGiven && target > 1 && target <= scale) return target / scale
    throwConfigIssue(
      'number_invalid',
      ['reviewLoop', 'target'],
      `${target} is not on the quality scale: quality is a fraction from 0 to 1${scaleGiven ? ` (or a number up to scale ${scale})` : ''}.`,
      `For a reviewer that scores 0–10, pass target: ${target > 1 && target <= 10 ? target / 10 : 0.8} (or target: ${target}, scale: 10).`,
    )
  }
  if (typeof target === 'string' && target.trim().length > 0) return target.trim()
  throwConfigIssue(
    'option_type_invalid',
    ['reviewLoop', 'target'],
    `must be a number (reached when the quality is >= it) or a verdict string, got ${describeValue(target)}.`,
    `Pass, for example, target: 0.8 or target: 'approved'.`,
  )
}
