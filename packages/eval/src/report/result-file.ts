import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { invocationSpec } from '../schema/eval-set-specs.js'
import { criterionToJson } from '../schema/eval-config.js'
import { writeValue } from '../schema/model.js'
import { evalStatusCode, type RubricScore } from '../metrics/metric-types.js'
import type { EvalCaseResult, EvalMetricResult, EvalSetResult } from '../run/results.js'

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null))
}

function rubricScoreJson(score: RubricScore): Record<string, unknown> {
  return dropUndefined({ rubric_id: score.rubricId, rationale: score.rationale, score: score.score })
}

function metricJson(result: EvalMetricResult): Record<string, unknown> {
  return dropUndefined({
    metric_name: result.metricName,
    threshold: result.threshold,
    criterion: criterionToJson(result.criterion),
    score: result.score,
    eval_status: evalStatusCode[result.evalStatus],
    details: {
      ...(result.details?.rubricScores ? { rubric_scores: result.details.rubricScores.map(rubricScoreJson) } : {}),
    },
  })
}

function caseJson(result: EvalCaseResult): Record<string, unknown> {
  return dropUndefined({
    eval_set_file: result.evalSetFile,
    eval_set_id: result.evalSetId,
    eval_id: result.evalId,
    final_eval_status: evalStatusCode[result.finalEvalStatus],
    overall_eval_metric_results: result.overallEvalMetricResults.map(metricJson),
    eval_metric_result_per_invocation: result.evalMetricResultPerInvocation.map((row) =>
      dropUndefined({
        actual_invocation: writeValue(row.actualInvocation, invocationSpec),
        expected_invocation: row.expectedInvocation ? writeValue(row.expectedInvocation, invocationSpec) : undefined,
        eval_metric_results: row.evalMetricResults.map(metricJson),
      }),
    ),
    session_id: result.sessionId,
    user_id: result.userId,
    error: result.error,
  })
}

/** ADK's `EvalSetResult` as JSON: snake_case, statuses as numbers (PASSED 1, FAILED 2, NOT_EVALUATED 3), no nulls. */
export function evalSetResultToJson(result: EvalSetResult): Record<string, unknown> {
  return {
    eval_set_result_id: result.evalSetResultId,
    eval_set_result_name: result.evalSetResultName,
    eval_set_id: result.evalSetId,
    eval_case_results: result.evalCaseResults.map(caseJson),
    creation_timestamp: result.creationTimestamp,
  }
}

/**
 * Writes the result where ADK keeps it: `<dir>/.adk/eval_history/<eval_set_result_name>.evalset_result.json`.
 * Returns the file's path.
 */
export function writeEvalSetResult(dir: string, result: EvalSetResult): string {
  const history = join(dir, '.adk', 'eval_history')
  mkdirSync(history, { recursive: true })
  const path = join(history, `${result.evalSetResultName}.evalset_result.json`)
  writeFileSync(path, `${JSON.stringify(evalSetResultToJson(result), null, 2)}\n`)
  return path
}

/** Reads a result file, plain JSON or ADK's double-encoded form (a JSON string holding the JSON). */
export function readEvalSetResultJson(path: string): Record<string, unknown> {
  let value: unknown = JSON.parse(readFileSync(path, 'utf8'))
  if (typeof value === 'string') value = JSON.parse(value)
  return value as Record<string, unknown>
}
