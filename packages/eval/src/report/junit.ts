import { pyFloat } from './py-float.js'
import type { EvalSetResult } from '../run/results.js'

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character] as string,
  )
}

/**
 * JUnit XML for CI: one `<testsuite>` per eval set, one `<testcase>` per eval case; a FAILED case has a `<failure>`
 * listing the metrics below threshold, a case that could not be evaluated an `<error>`.
 */
export function junitXml(results: readonly EvalSetResult[]): string {
  const suites = results.map((set) => {
    const cases = set.evalCaseResults.map((result) => {
      const open = `    <testcase classname="${escapeXml(set.evalSetId)}" name="${escapeXml(result.evalId)}">`
      if (result.finalEvalStatus === 'PASSED') return `${open}</testcase>`
      const metrics = result.overallEvalMetricResults
        .filter((metric) => metric.evalStatus !== 'PASSED')
        .map(
          (metric) =>
            `${metric.metricName}: ${metric.evalStatus}, score ${pyFloat(metric.score)}, threshold ${pyFloat(metric.threshold)}`,
        )
      const message = result.error ?? (metrics.join('; ') || 'no metric was evaluated')
      const tag = result.finalEvalStatus === 'FAILED' ? 'failure' : 'error'
      return `${open}\n      <${tag} message="${escapeXml(message)}">${escapeXml(metrics.join('\n'))}</${tag}>\n    </testcase>`
    })
    const failures = set.evalCaseResults.filter((result) => result.finalEvalStatus === 'FAILED').length
    const errors = set.evalCaseResults.filter((result) => result.finalEvalStatus === 'NOT_EVALUATED').length
    return [
      `  <testsuite name="${escapeXml(set.evalSetId)}" tests="${set.evalCaseResults.length}" failures="${failures}" errors="${errors}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n')
  })
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...suites, '</testsuites>', ''].join('\n')
}
