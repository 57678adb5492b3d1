import { Loop, type AgentBuilder, type LoopBuilder, type NodeHolder, type StepFunction } from '@adk-fluent/fluent'
import { STEP_REPLY, nodeOutputKey } from '@adk-fluent/fluent/internal'
import { throwConfigIssue } from './check-options.js'
import { readFeedback } from './read-feedback.js'

/** What the judge step makes of one reviewer reply: the value stored under the result key, and whether it passes. */
export interface RoundVerdict {
  readonly value: unknown
  readonly passed: boolean
}

/** The state keys a review loop uses. */
export interface ReviewRoundKeys {
  /** Where the reviewer's reply goes when the reviewer has no `.writes()` key of its own. */
  readonly reply: string
  /** The judged value (`quality`, `approved`). */
  readonly result: string
  /** Where a single-agent worker without a `.writes()` key of its own stores its work (the loop's answer). */
  readonly draft: string
  readonly feedback: string
  readonly rounds: string
  readonly stopReason: string
}

/** The parts of a worker → reviewer → judge loop (`reviewLoop`, `supervised`). */
export interface ReviewRoundsConfig {
  readonly pattern: string
  readonly name: string
  readonly worker: NodeHolder
  readonly reviewer: NodeHolder
  /** The option that holds the reviewer (`reviewer`, `supervisor`), for errors. */
  readonly reviewerField: string
  readonly keys: ReviewRoundKeys
  readonly maxRounds: number
  /** The agent name of the judge step. */
  readonly judgeName: string
  readonly judge: (reply: unknown) => RoundVerdict
  /** The stop reasons recorded when the verdict passes, and when the last round ends without passing. */
  readonly stopReasons: { readonly passed: string; readonly exhausted: string }
}

/**
 * A loop of rounds: the worker, the reviewer, then a judge step that reads the reviewer's reply and records the
 * judged value, the feedback, the round number and — on the round that ends the loop — the stop reason; the loop
 * ends after the round whose verdict passes, or after `maxRounds` rounds (a core `LoopAgent`). On that last round the
 * judge answers with the worker's work (its `.writes()` key; a single-agent worker without one writes `keys.draft`),
 * so the loop's answer (`.ask()`) is the accepted (or last) draft, not the reviewer's reply. Before round 1 the loop
 * clears those keys (and the reply key), so the worker's first round sees no feedback. A worker that is a single
 * agent gets the feedback key added to its `.reads()` (its history setting kept), unless its instruction already
 * names it as `{feedback}` / `{feedback?}`. @internal
 */
export function reviewRounds(config: ReviewRoundsConfig): LoopBuilder {
  const { keys, stopReasons, maxRounds } = config
  const reviewer = withReplyKey(config)
  const replyKey = nodeOutputKey(reviewer.node) as string
  const worker = withDraftKey(withFeedback(config.worker, keys.feedback), keys.draft)
  const draftKey = nodeOutputKey(worker.node)
  const judge: StepFunction = (state) => {
    const reply = state[replyKey]
    const previous = state[keys.rounds]
    const round = (typeof previous === 'number' ? previous : 0) + 1
    const verdict = config.judge(reply)
    const stopReason = verdict.passed ? stopReasons.passed : round >= maxRounds ? stopReasons.exhausted : null
    const delta = {
      [keys.result]: verdict.value ?? null,
      [keys.feedback]: readFeedback(reply) ?? null,
      [keys.rounds]: round,
      [keys.stopReason]: stopReason,
    }
    const draft = stopReason !== null && draftKey !== undefined ? state[draftKey] : undefined
    if (draft === undefined || draft === null) return delta
    return { ...delta, [STEP_REPLY]: typeof draft === 'string' ? draft : JSON.stringify(draft) }
  }
  Object.defineProperty(judge, 'name', { value: config.judgeName })
  // Declared so that check() sees the judge write the result and the feedback the worker reads.
  Object.defineProperty(judge, 'writes', {
    value: Object.freeze([keys.result, keys.feedback, keys.rounds, keys.stopReason]),
  })
  const cleared = [...new Set([replyKey, keys.result, keys.feedback, keys.rounds, keys.stopReason])]
  return Loop(config.name)
    .step(worker)
    .step(reviewer)
    .step(judge)
    .until((state) => state[keys.stopReason] === stopReasons.passed, { max: maxRounds })
    .beforeAgent((context) => {
      for (const key of cleared) if (context.state.has(key)) context.state.set(key, null)
      return undefined
    })
}

function isAgentBuilder(value: NodeHolder): value is AgentBuilder<unknown> {
  const candidate = value as Partial<AgentBuilder<unknown>>
  return value.node.kind === 'agent' && typeof candidate.reads === 'function' && typeof candidate.writes === 'function'
}

/** The reviewer, storing its reply under its own `.writes()` key, else under `keys.reply`. */
function withReplyKey(config: ReviewRoundsConfig): NodeHolder {
  const { reviewer, keys } = config
  if (nodeOutputKey(reviewer.node) !== undefined) return reviewer
  if (isAgentBuilder(reviewer)) return reviewer.writes(keys.reply)
  throwConfigIssue(
    'output_key_missing',
    [config.pattern, config.reviewerField],
    `"${reviewer.node.name}" stores no answer in state, so its verdict cannot be read.`,
    `Add .writes('${keys.reply}') to its last agent.`,
  )
}

/** The worker, storing its work under its own `.writes()` key, else (a single agent) under `draftKey`. */
function withDraftKey(worker: NodeHolder, draftKey: string): NodeHolder {
  if (nodeOutputKey(worker.node) !== undefined || !isAgentBuilder(worker)) return worker
  return worker.writes(draftKey)
}

/** The worker, seeing `state[feedbackKey]` in its context when it is a single agent that does not read it yet. */
function withFeedback(worker: NodeHolder, feedbackKey: string): NodeHolder {
  if (!isAgentBuilder(worker)) return worker
  const { instruction, reads } = worker.node
  const named =
    typeof instruction === 'string' &&
    (instruction.includes(`{${feedbackKey}}`) || instruction.includes(`{${feedbackKey}?}`))
  if (named || reads?.keys.includes(feedbackKey)) return worker
  return worker.reads([feedbackKey], { keepHistory: reads?.keepHistory ?? true })
}
