import { responseMatchScore, toolTrajectoryAvgScore } from './deterministic-metrics.js'
import { finalResponseMatchV2 } from './judge/final-response-match-v2.js'
import { rubricBasedFinalResponseQuality, rubricBasedToolUseQuality } from './judge/rubric-based.js'
import type { MetricEvaluator } from './metric-types.js'

/** The metrics this package evaluates, by ADK name. Other names are recorded NOT_EVALUATED, with a warning. */
export const metricEvaluators: Readonly<Record<string, MetricEvaluator>> = {
  tool_trajectory_avg_score: toolTrajectoryAvgScore,
  response_match_score: responseMatchScore,
  final_response_match_v2: finalResponseMatchV2,
  rubric_based_final_response_quality_v1: rubricBasedFinalResponseQuality,
  rubric_based_tool_use_quality_v1: rubricBasedToolUseQuality,
}

/** Metrics that ask a judge model. */
export const judgeMetrics: ReadonlySet<string> = new Set([
  'final_response_match_v2',
  'rubric_based_final_response_quality_v1',
  'rubric_based_tool_use_quality_v1',
])
