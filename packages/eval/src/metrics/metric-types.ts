import type { BaseLlm } from '@adk-fluent/core'
import type { EvalMetric } from '../schema/eval-config.js'
import type { EvalCase, Invocation } from '../schema/types.js'
import type { RougeVariant } from './rouge1.js'

/** ADK's `EvalStatus` (serialised as 1, 2, 3). */
export type EvalStatus = 'PASSED' | 'FAILED' | 'NOT_EVALUATED'

/** The numbers ADK writes for each status. */
export const evalStatusCode: Readonly<Record<EvalStatus, number>> = { PASSED: 1, FAILED: 2, NOT_EVALUATED: 3 }

/** One rubric's verdict (ADK `RubricScore`). */
export interface RubricScore {
  readonly rubricId: string
  readonly rationale?: string
  readonly score?: number
}

/** A metric's result for one invocation. */
export interface PerInvocationScore {
  readonly score?: number
  readonly status: EvalStatus
  readonly rubricScores?: readonly RubricScore[]
}

/** A metric's result for one case. */
export interface MetricEvaluation {
  readonly score?: number
  readonly status: EvalStatus
  readonly perInvocation: readonly PerInvocationScore[]
  readonly rubricScores?: readonly RubricScore[]
}

/** What an evaluator gets besides the invocations. */
export interface MetricContext {
  readonly evalCase: EvalCase
  /** The judge model for LLM-judged metrics. */
  readonly judge?: BaseLlm
  readonly rougeVariant: RougeVariant
}

/** Scores the actual invocations of one case against the expected ones (paired in order). */
export type MetricEvaluator = (
  actual: readonly Invocation[],
  expected: readonly Invocation[],
  metric: EvalMetric,
  context: MetricContext,
) => Promise<MetricEvaluation>

/** ADK's status of a score: none → NOT_EVALUATED, else PASSED iff `score >= threshold`. */
export function statusOf(score: number | undefined, threshold: number): EvalStatus {
  if (score === undefined) return 'NOT_EVALUATED'
  return score >= threshold ? 'PASSED' : 'FAILED'
}

/** ADK's case-level mean of per-invocation scores: a float loop (not `statistics.mean`). */
export function loopMean(scores: readonly number[]): number | undefined {
  if (scores.length === 0) return undefined
  let total = 0
  for (const score of scores) total += score
  return total / scores.length
}
