import { textOf, toolCallsOf } from '../run/tool-calls.js'
import type { EvalCaseResult, EvalMetricResult } from '../run/results.js'
import type { Invocation } from '../schema/types.js'
import { pyFloat } from './py-float.js'
import { gridTable, wrapText } from './text-wrap.js'

/** A Python `repr` of a JSON value, the way ADK prints tool calls (`{'city': 'Lisbon'}`). */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pyFloat(value)
  if (typeof value === 'string')
    return value.includes("'") && !value.includes('"')
      ? `"${value}"`
      : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`)
    .join(', ')}}`
}

function toolCallsText(invocation: Invocation | undefined): string {
  return toolCallsOf(invocation)
    .map((call) => `id=${pyRepr(call.id)} args=${pyRepr(call.args)} name=${pyRepr(call.name)}`)
    .join('\n')
}

function metricLine(result: EvalMetricResult): string {
  return `Metric: ${result.metricName}, Status: ${result.evalStatus}, Score: ${pyFloat(result.score)}, Threshold: ${pyFloat(result.threshold)}`
}

function cell(text: string): string {
  return text
    .split('\n')
    .flatMap((line) => wrapText(line, 40))
    .flatMap((line) => (line.trim() === '' ? [] : wrapText(line, 25)))
    .join('\n')
}

function rubricText(result: EvalMetricResult, rubricId: string): string {
  return (
    result.criterion.rubrics?.find((rubric) => rubric.rubricId === rubricId)?.rubricContent.textProperty || rubricId
  )
}

/** `adk eval --print_detailed_results` for one case: status, each metric (and rubric), and the invocation table. */
export function caseDetails(result: EvalCaseResult): string {
  const lines = [
    `Eval Set Id: ${result.evalSetId}`,
    `Eval Id: ${result.evalId}`,
    `Overall Eval Status: ${result.finalEvalStatus}`,
  ]
  if (result.error !== undefined) lines.push(`Error: ${result.error}`)
  for (const metric of result.overallEvalMetricResults) {
    lines.push('-'.repeat(69), metricLine(metric))
    if (metric.details?.rubricScores && metric.details.rubricScores.length > 0) {
      lines.push('Rubric Scores:')
      for (const score of metric.details.rubricScores) {
        lines.push(
          `Rubric: ${rubricText(metric, score.rubricId)}, Score: ${pyFloat(score.score)}, Reasoning: ${score.rationale ?? 'None'}`,
        )
      }
    }
  }
  const rows = result.evalMetricResultPerInvocation
  if (rows.length > 0) {
    const metricNames = rows[0]?.evalMetricResults.map((metric) => metric.metricName) ?? []
    const headers = [
      'prompt',
      'expected_response',
      'actual_response',
      'expected_tool_calls',
      'actual_tool_calls',
      ...metricNames,
    ]
    const table = rows.map((row) => [
      textOf(row.actualInvocation.userContent),
      textOf(row.expectedInvocation?.finalResponse),
      textOf(row.actualInvocation.finalResponse),
      toolCallsText(row.expectedInvocation),
      toolCallsText(row.actualInvocation),
      ...row.evalMetricResults.map((metric) => `Status: ${metric.evalStatus}, Score: ${pyFloat(metric.score)}`),
    ])
    lines.push(
      '-'.repeat(69),
      'Invocation Details:',
      gridTable(
        headers,
        table.map((row) => row.map(cell)),
      ),
      '\n\n',
    )
  }
  return lines.join('\n')
}

/**
 * The text `adk eval` prints after a run: the summary per eval set (`Tests passed` / `Tests failed`, where failed is
 * everything not PASSED), and with `detailed` each case's details. Numbers use Python's float formatting.
 */
export function textReport(results: readonly EvalCaseResult[], options: { readonly detailed?: boolean } = {}): string {
  const bySet = new Map<string, EvalCaseResult[]>()
  for (const result of results) bySet.set(result.evalSetId, [...(bySet.get(result.evalSetId) ?? []), result])
  const lines = ['*'.repeat(69), 'Eval Run Summary']
  for (const [evalSetId, cases] of bySet) {
    const passed = cases.filter((result) => result.finalEvalStatus === 'PASSED').length
    lines.push(`${evalSetId}:`, `  Tests passed: ${passed}`, `  Tests failed: ${cases.length - passed}`)
  }
  if (options.detailed) for (const result of results) lines.push('*'.repeat(68), caseDetails(result))
  return `${lines.join('\n')}\n`
}
