import { AdkFluentError, registerErrorCode } from '@adk-fluent/core'
import { pyFloat } from './report/py-float.js'
import { evaluate, type EvaluateOptions } from './run/evaluate.js'
import type { EvalCaseResult, EvalMetricResult, EvalSetResult } from './run/results.js'
import { textOf, toolCallsOf } from './run/tool-calls.js'
import type { Invocation } from './schema/types.js'

function calls(invocation: Invocation | undefined): string {
  const list = toolCallsOf(invocation).map((call) => `${call.name ?? '?'}(${JSON.stringify(call.args ?? null)})`)
  return list.length > 0 ? list.join(', ') : '(none)'
}

function invocationDiff(result: EvalCaseResult, metric: EvalMetricResult): string[] {
  const lines: string[] = []
  result.evalMetricResultPerInvocation.forEach((row, index) => {
    const one = row.evalMetricResults.find((item) => item.metricName === metric.metricName)
    if (!one || one.evalStatus === 'PASSED') return
    lines.push(
      `      invocation ${index + 1} (${JSON.stringify(textOf(row.actualInvocation.userContent))}): score ${pyFloat(one.score)}`,
    )
    if (metric.metricName.includes('trajectory') || metric.metricName.includes('tool_use')) {
      lines.push(
        `        - expected tool calls: ${calls(row.expectedInvocation)}`,
        `        + actual tool calls:   ${calls(row.actualInvocation)}`,
      )
    } else {
      lines.push(
        `        - expected response: ${JSON.stringify(textOf(row.expectedInvocation?.finalResponse))}`,
        `        + actual response:   ${JSON.stringify(textOf(row.actualInvocation.finalResponse))}`,
      )
    }
    for (const rubric of one.details?.rubricScores ?? []) {
      if (rubric.score !== 1)
        lines.push(
          `        rubric ${rubric.rubricId}: ${pyFloat(rubric.score)}${rubric.rationale ? ` (${rubric.rationale})` : ''}`,
        )
    }
  })
  return lines
}

/** What scored below its threshold, as readable text (empty when every case passed). */
export function describeFailures(result: EvalSetResult): string {
  const failing = result.evalCaseResults.filter((item) => item.finalEvalStatus !== 'PASSED')
  if (failing.length === 0) return ''
  const lines = [
    `eval set ${result.evalSetId}: ${failing.length} of ${result.evalCaseResults.length} cases did not pass`,
  ]
  for (const item of failing) {
    lines.push(`  case ${item.evalId}: ${item.finalEvalStatus}${item.error ? ` (the run threw: ${item.error})` : ''}`)
    for (const metric of item.overallEvalMetricResults) {
      if (metric.evalStatus === 'PASSED') continue
      const comparison =
        metric.score === undefined ? 'not evaluated' : `${pyFloat(metric.score)} < ${pyFloat(metric.threshold)}`
      lines.push(`    ${metric.metricName}: ${comparison}`, ...invocationDiff(item, metric))
    }
  }
  return lines.join('\n')
}

// Eval's own error code (see docs/errors.md: adding an error code).
declare module '@adk-fluent/core' {
  interface ErrorCodes {
    EVAL_SET_FAILED: true
  }
}
registerErrorCode('EVAL_SET_FAILED', {
  endsTheRun: false,
  description: 'A case of an eval set scored below its threshold.',
})

/**
 * Thrown by {@link expectEvalSet} when a case did not pass (code `EVAL_SET_FAILED`); the message is the readable
 * diff. Recognise it with `EvalSetFailedError.isInstance(error)`.
 */
export class EvalSetFailedError extends AdkFluentError {
  readonly result: EvalSetResult

  constructor(result: EvalSetResult, message: string) {
    super('EVAL_SET_FAILED', message)
    this.result = result
  }
}

/**
 * For tests (Vitest or any runner): evaluates and throws an {@link EvalSetFailedError} whose message shows, per case
 * and metric below its threshold, the expected and actual responses or tool calls. Returns the result when all pass.
 *
 * @example
 * it('answers the weather questions', async () => {
 *   await expectEvalSet({ agent, evalSet: readEvalSetFile('weather.evalset.json'), config })
 * })
 */
export async function expectEvalSet(options: EvaluateOptions): Promise<EvalSetResult> {
  const result = await evaluate(options)
  const failures = describeFailures(result)
  if (failures) throw new EvalSetFailedError(result, failures)
  return result
}
