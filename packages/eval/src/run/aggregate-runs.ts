import { statusOf } from '../metrics/metric-types.js'
import { exactMean } from './exact-mean.js'
import { finalStatusOf, type EvalCaseResult, type EvalMetricResult } from './results.js'

/**
 * Folds the results of several runs of the same cases, as ADK's newest aggregator does: per case (by set and id), the
 * runs sorted by session id; per metric, the mean (`statistics.mean`, exact) of every per-invocation score of every
 * run; PASSED iff the mean reaches the threshold. A run that crashed before producing metrics fails the case. Output
 * sorted by (eval set id, eval id); a case run once is returned unchanged.
 */
export function aggregateRuns(results: readonly EvalCaseResult[]): EvalCaseResult[] {
  const groups = new Map<string, EvalCaseResult[]>()
  for (const result of results) {
    const key = JSON.stringify([result.evalSetId, result.evalId])
    groups.set(key, [...(groups.get(key) ?? []), result])
  }
  const out: EvalCaseResult[] = []
  for (const runs of groups.values()) {
    if (runs.length === 1) {
      out.push(runs[0] as EvalCaseResult)
      continue
    }
    const sorted = [...runs].sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0))
    const template = sorted.find((run) => run.overallEvalMetricResults.length > 0) ?? (sorted[0] as EvalCaseResult)
    const overall: EvalMetricResult[] = template.overallEvalMetricResults.map((metric) => {
      const scores = sorted.flatMap((run) =>
        run.evalMetricResultPerInvocation.flatMap((invocation) =>
          invocation.evalMetricResults.flatMap((result) =>
            result.metricName === metric.metricName && result.score !== undefined ? [result.score] : [],
          ),
        ),
      )
      const score = exactMean(scores)
      const { score: _dropped, details: _details, ...rest } = metric
      return { ...rest, ...(score === undefined ? {} : { score }), evalStatus: statusOf(score, metric.threshold) }
    })
    const crashed = sorted.some((run) => run.error !== undefined)
    out.push({
      ...template,
      overallEvalMetricResults: overall,
      evalMetricResultPerInvocation: sorted.flatMap((run) => run.evalMetricResultPerInvocation),
      finalEvalStatus: crashed ? 'FAILED' : finalStatusOf(overall),
    })
  }
  return out.sort((a, b) => compare(a.evalSetId, b.evalSetId) || compare(a.evalId, b.evalId))
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
