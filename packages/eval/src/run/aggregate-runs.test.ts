import { describe, expect, it } from 'vitest'
import { aggregateRuns } from './aggregate-runs.js'
import type { EvalCaseResult } from './results.js'

const criterion = { threshold: 0.6 }

function run(sessionId: string, scores: readonly number[], error?: string): EvalCaseResult {
  const metric = (score: number | undefined) => ({
    metricName: 'tool_trajectory_avg_score',
    threshold: 0.6,
    criterion,
    ...(score === undefined ? {} : { score }),
    evalStatus:
      score === undefined ? ('NOT_EVALUATED' as const) : score >= 0.6 ? ('PASSED' as const) : ('FAILED' as const),
  })
  const mean = scores.length === 0 ? undefined : scores.reduce((sum, score) => sum + score, 0) / scores.length
  return {
    evalSetFile: 'set',
    evalSetId: 'set',
    evalId: 'case',
    finalEvalStatus: error ? 'NOT_EVALUATED' : (metric(mean).evalStatus as EvalCaseResult['finalEvalStatus']),
    overallEvalMetricResults: error ? [] : [metric(mean)],
    evalMetricResultPerInvocation: scores
      .map(() => ({ actualInvocation: { userContent: { parts: [] } }, evalMetricResults: [] }))
      .map((row, index) => ({
        ...row,
        evalMetricResults: [metric(scores[index])],
      })),
    sessionId,
    ...(error ? { error } : {}),
  }
}

describe('aggregateRuns (num_runs)', () => {
  it('pools every per-invocation score of every run (not a mean of run means)', () => {
    // Run b: 3 of 4 invocations (0.75); run a: 1 of 2 (0.5). Pooled: 4 of 6; mean of means would be 0.625.
    const [only] = aggregateRuns([run('b', [1, 1, 1, 0]), run('a', [1, 0])])
    expect(only?.overallEvalMetricResults[0]?.score).toBe(0.6666666666666666)
    expect(only?.finalEvalStatus).toBe('PASSED')
    expect(only?.sessionId).toBe('a')
    expect(only?.evalMetricResultPerInvocation).toHaveLength(6)
  })

  it('uses statistics.mean (exact) for the pooled score', () => {
    const [only] = aggregateRuns([run('a', [0.1, 0.2]), run('b', [0.3])])
    expect(only?.overallEvalMetricResults[0]?.score).toBe(0.2)
  })

  it('fails a case when one of its runs crashed', () => {
    const [only] = aggregateRuns([run('a', [1, 1]), run('b', [], 'model unavailable')])
    expect(only?.overallEvalMetricResults[0]?.score).toBe(1)
    expect(only?.finalEvalStatus).toBe('FAILED')
  })

  it('returns a case run once unchanged, and sorts by eval set and case id', () => {
    const single = { ...run('s', [1]), evalId: 'b' }
    const other = { ...run('t', [1]), evalId: 'a' }
    expect(aggregateRuns([single, other])).toEqual([other, single])
  })
})
