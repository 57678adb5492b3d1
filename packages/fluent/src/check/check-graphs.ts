import type { FlowAnalysis } from './flow-analysis.js'
import { createCheckIssue, type NoticeIssue } from './check-issue.js'
import { graphFindings } from './graph-issues.js'

/**
 * The warnings about graphs' shapes (their errors are structural: `build()` and `check()` report them through
 * `validateNode`): cycles a model might never leave (no `.maxSteps()`), cycles with no route out but a bound, joins
 * a route can leave waiting.
 */
export function checkGraphs(analysis: FlowAnalysis): NoticeIssue[] {
  const issues: NoticeIssue[] = []
  for (const visit of analysis.visits) {
    if (visit.node.kind !== 'graph') continue
    for (const finding of graphFindings(visit.node)) {
      if (finding.level !== 'warning') continue
      issues.push(
        createCheckIssue({
          level: 'warning',
          code: finding.code,
          agent: finding.node,
          message: finding.message,
          hint: finding.hint,
          path: [...visit.path, ...finding.at],
        }),
      )
    }
  }
  return issues
}
