import type { Criterion } from '../schema/eval-config.js'
import type { Invocation } from '../schema/types.js'
import type { EvalStatus, RubricScore } from '../metrics/metric-types.js'

/** ADK's `EvalMetricResult`: the metric, its threshold and criterion, the score and status. */
export interface EvalMetricResult {
  readonly metricName: string
  readonly threshold: number
  readonly criterion: Criterion
  readonly score?: number
  readonly evalStatus: EvalStatus
  readonly details?: { readonly rubricScores?: readonly RubricScore[] }
}

/** The metrics of one invocation, with the actual and expected invocation. */
export interface EvalMetricResultPerInvocation {
  readonly actualInvocation: Invocation
  readonly expectedInvocation?: Invocation
  readonly evalMetricResults: readonly EvalMetricResult[]
}

/** ADK's `EvalCaseResult`, plus `error` when the case's run threw (its status is then NOT_EVALUATED). */
export interface EvalCaseResult {
  readonly evalSetFile: string
  readonly evalSetId: string
  readonly evalId: string
  readonly finalEvalStatus: EvalStatus
  readonly overallEvalMetricResults: readonly EvalMetricResult[]
  readonly evalMetricResultPerInvocation: readonly EvalMetricResultPerInvocation[]
  readonly sessionId: string
  readonly userId?: string
  /** Why the case could not run (inference threw). */
  readonly error?: string
}

/** ADK's `EvalSetResult`. */
export interface EvalSetResult {
  readonly evalSetResultId: string
  readonly evalSetResultName: string
  readonly evalSetId: string
  readonly evalCaseResults: readonly EvalCaseResult[]
  readonly creationTimestamp: number
}

/** ADK's final status of a case: the first FAILED metric fails it; else any PASSED passes it; else NOT_EVALUATED. */
export function finalStatusOf(results: readonly { readonly evalStatus: EvalStatus }[]): EvalStatus {
  let status: EvalStatus = 'NOT_EVALUATED'
  for (const result of results) {
    if (result.evalStatus === 'FAILED') return 'FAILED'
    if (result.evalStatus === 'PASSED') status = 'PASSED'
  }
  return status
}
