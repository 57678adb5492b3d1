import type { BaseLlm } from '@adk-fluent/core'
import type { EvalMetric } from '../schema/eval-config.js'
import type { EvalCase } from '../schema/types.js'
import { metricEvaluators } from '../metrics/metric-registry.js'
import type { MetricContext, MetricEvaluation } from '../metrics/metric-types.js'
import type { CaseInference } from './run-case.js'
import {
  finalStatusOf,
  type EvalCaseResult,
  type EvalMetricResult,
  type EvalMetricResultPerInvocation,
} from './results.js'

function metricResult(metric: EvalMetric, evaluation: MetricEvaluation | undefined): EvalMetricResult {
  return {
    metricName: metric.metricName,
    threshold: metric.threshold,
    criterion: metric.criterion,
    ...(evaluation?.score === undefined ? {} : { score: evaluation.score }),
    evalStatus: evaluation?.status ?? 'NOT_EVALUATED',
    ...(evaluation?.rubricScores ? { details: { rubricScores: evaluation.rubricScores } } : {}),
  }
}

/**
 * Scores one case's actual invocations with every metric, in config order. A metric that throws (or an unknown one) is
 * recorded NOT_EVALUATED and reported through `warn`; the others are unaffected.
 */
export async function evaluateCase(
  evalSetId: string,
  evalCase: EvalCase,
  inference: CaseInference,
  metrics: readonly EvalMetric[],
  context: Omit<MetricContext, 'evalCase' | 'judge'> & { readonly judges: ReadonlyMap<string, BaseLlm> },
  warn: (message: string) => void,
): Promise<EvalCaseResult> {
  const expected = evalCase.conversation ?? []
  const evaluations: (MetricEvaluation | undefined)[] = []
  for (const metric of metrics) {
    const evaluator = metricEvaluators[metric.metricName]
    if (!evaluator) {
      evaluations.push(undefined)
      continue
    }
    try {
      const judge = context.judges.get(metric.metricName)
      const metricContext: MetricContext = { evalCase, rougeVariant: context.rougeVariant, ...(judge ? { judge } : {}) }
      evaluations.push(await evaluator(inference.actual, expected, metric, metricContext))
    } catch (error) {
      warn(
        `metric ${metric.metricName} could not evaluate case ${evalCase.evalId}: ${error instanceof Error ? error.message : String(error)}`,
      )
      evaluations.push(undefined)
    }
  }
  const overall = metrics.map((metric, index) => metricResult(metric, evaluations[index]))
  const perInvocation: EvalMetricResultPerInvocation[] = inference.actual.map((actualInvocation, index) => ({
    actualInvocation,
    ...(expected[index] ? { expectedInvocation: expected[index] } : {}),
    evalMetricResults: metrics.map((metric, metricIndex) => {
      const one = evaluations[metricIndex]?.perInvocation[index]
      return {
        metricName: metric.metricName,
        threshold: metric.threshold,
        criterion: metric.criterion,
        ...(one?.score === undefined ? {} : { score: one.score }),
        evalStatus: one?.status ?? 'NOT_EVALUATED',
        ...(one?.rubricScores ? { details: { rubricScores: one.rubricScores } } : {}),
      }
    }),
  }))
  return {
    evalSetFile: evalSetId,
    evalSetId,
    evalId: evalCase.evalId,
    finalEvalStatus: finalStatusOf(overall),
    overallEvalMetricResults: overall,
    evalMetricResultPerInvocation: perInvocation,
    sessionId: inference.sessionId,
    userId: inference.userId,
  }
}
