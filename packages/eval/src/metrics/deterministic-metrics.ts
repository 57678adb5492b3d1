import { ConfigError } from '@adk-fluent/core'
import { textOf, toolCallsOf } from '../run/tool-calls.js'
import {
  loopMean,
  statusOf,
  type MetricEvaluation,
  type MetricEvaluator,
  type PerInvocationScore,
} from './metric-types.js'
import { rouge1 } from './rouge1.js'
import { parseMatchType, trajectoryScore } from './trajectory.js'

function pairUp<T>(actual: readonly T[], expected: readonly T[], metricName: string): void {
  if (actual.length !== expected.length) {
    throw new ConfigError([
      {
        code: 'eval_metric_invalid',
        path: [metricName],
        message: `${actual.length} actual invocations but ${expected.length} expected ones`,
        hint: 'Score each actual invocation against the expected one of the same turn.',
      },
    ])
  }
}

function fromScores(scores: readonly number[], threshold: number): MetricEvaluation {
  const perInvocation: PerInvocationScore[] = scores.map((score) => ({ score, status: statusOf(score, threshold) }))
  const score = loopMean(scores)
  return { ...(score === undefined ? {} : { score }), status: statusOf(score, threshold), perInvocation }
}

/** `tool_trajectory_avg_score`: per invocation 1.0 when the tool calls match (`match_type`, `ignore_args`), averaged. */
export const toolTrajectoryAvgScore: MetricEvaluator = async (actual, expected, metric) => {
  const matchType = parseMatchType(metric.criterion.matchType ?? 'EXACT', `criteria.${metric.metricName}.match_type`)
  const ignoreArgs = metric.criterion.ignoreArgs ?? false
  pairUp(actual, expected, metric.metricName)
  const scores = actual.map((invocation, index) =>
    trajectoryScore(toolCallsOf(expected[index]), toolCallsOf(invocation), matchType, ignoreArgs),
  )
  return fromScores(scores, metric.threshold)
}

/** `response_match_score`: ROUGE-1 F-measure of the actual final response against the expected one, averaged. */
export const responseMatchScore: MetricEvaluator = async (actual, expected, metric, context) => {
  pairUp(actual, expected, metric.metricName)
  const scores = actual.map((invocation, index) =>
    rouge1(textOf(invocation.finalResponse), textOf(expected[index]?.finalResponse), context.rougeVariant),
  )
  return fromScores(scores, metric.threshold)
}
