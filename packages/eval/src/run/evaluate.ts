import { ConfigError, isBaseAgent, type BaseAgent, type BaseLlm } from '@adk-fluent/core'
import { judgeMetrics, metricEvaluators } from '../metrics/metric-registry.js'
import type { RougeVariant } from '../metrics/rouge1.js'
import { parseMatchType } from '../metrics/trajectory.js'
import { pyFloat } from '../report/py-float.js'
import { defaultEvalConfig, evalMetricsOf, type EvalConfig, type EvalMetric } from '../schema/eval-config.js'
import type { EvalCase, EvalSet } from '../schema/types.js'
import { aggregateRuns } from './aggregate-runs.js'
import { evaluateCase } from './evaluate-case.js'
import type { EvalCaseResult, EvalSetResult } from './results.js'
import { inferCase } from './run-case.js'

/** An agent to evaluate: a built agent, anything with `build()` (a fluent builder), or a factory. */
export type AgentSource = BaseAgent | { build(): BaseAgent } | (() => BaseAgent)

/** What {@link evaluate} needs. */
export interface EvaluateOptions {
  readonly agent: AgentSource
  readonly evalSet: EvalSet
  /** The criteria (default: ADK's `tool_trajectory_avg_score` 1.0 and `response_match_score` 0.8). */
  readonly config?: EvalConfig
  /**
   * The judge model of LLM-judged metrics: any `BaseLlm`, or a function of the criterion's `judge_model` name (default
   * `gemini-2.5-flash`) giving one, called again for each case (and run), so a case never continues another's
   * judge (a scripted judge replays from its first reply). Required when the config has a judge metric.
   */
  readonly judge?: BaseLlm | ((modelName: string) => BaseLlm)
  /** Only these cases, in the set's order (ADK's `file.json:case1,case2`). */
  readonly caseIds?: readonly string[]
  /** How many times each case runs; the results are pooled as ADK does (default 1). */
  readonly numRuns?: number
  /**
   * Cases in flight at once (default 4, like ADK). Results keep a fixed order whatever the timing. Pass 1 when cases
   * share something a run uses up (models resolved from one script, say).
   */
  readonly parallelism?: number
  /** Which of ADK's `response_match_score` variants to reproduce (default `v3`, the newest). */
  readonly rougeVariant?: RougeVariant
  /** The app name of cases without `session_input` (default: the agent's name). */
  readonly appName?: string
  /** Receives warnings (unknown metrics, metrics that could not evaluate); default `console.warn`. */
  readonly onWarning?: (message: string) => void
}

function agentOf(source: AgentSource): BaseAgent {
  if (isBaseAgent(source)) return source
  if (typeof source === 'function') return source()
  return source.build()
}

function selectCases(evalSet: EvalSet, caseIds: readonly string[] | undefined): EvalCase[] {
  if (!caseIds || caseIds.length === 0) return [...evalSet.evalCases]
  const missing = caseIds.filter((id) => !evalSet.evalCases.some((evalCase) => evalCase.evalId === id))
  if (missing.length > 0)
    throw new ConfigError([
      {
        code: 'eval_case_missing',
        // No path: the message names the eval set and the case (callers show it as is).
        path: [],
        message: `eval set ${evalSet.evalSetId} has no case ${missing.map((id) => `"${id}"`).join(', ')}`,
        hint: `(its cases: ${evalSet.evalCases.map((evalCase) => evalCase.evalId).join(', ') || 'none'})`,
      },
    ])
  return evalSet.evalCases.filter((evalCase) => caseIds.includes(evalCase.evalId))
}

/** The judge of each judge metric: `judge` itself, or what the function gives for the metric's `judge_model`. */
function resolveJudges(
  metrics: readonly EvalMetric[],
  judge: NonNullable<EvaluateOptions['judge']>,
): Map<string, BaseLlm> {
  const judges = new Map<string, BaseLlm>()
  for (const metric of metrics) {
    if (!judgeMetrics.has(metric.metricName)) continue
    const wanted = metric.criterion.judgeModelOptions?.judgeModel ?? 'gemini-2.5-flash'
    judges.set(metric.metricName, typeof judge === 'function' ? judge(wanted) : judge)
  }
  return judges
}

/**
 * Checks everything that can be checked before a case runs (judge present and resolvable, match types valid, known
 * metric names) and returns the judge of each judge metric.
 */
function checkMetrics(
  metrics: readonly EvalMetric[],
  judge: EvaluateOptions['judge'],
  warn: (message: string) => void,
): Map<string, BaseLlm> {
  for (const metric of metrics) {
    if (judgeMetrics.has(metric.metricName) && !judge) {
      const wanted = metric.criterion.judgeModelOptions?.judgeModel ?? 'gemini-2.5-flash'
      throw new ConfigError([
        {
          code: 'model_missing',
          path: ['evaluate', 'judge'],
          message: `metric ${metric.metricName} needs a judge model (the config asks for "${wanted}"):`,
          hint: 'pass evaluate({ judge }) with any BaseLlm, or remove the metric',
        },
      ])
    }
    if (metric.metricName === 'tool_trajectory_avg_score' && metric.criterion.matchType !== undefined) {
      parseMatchType(metric.criterion.matchType, `criteria.${metric.metricName}.match_type`)
    }
    if (!metricEvaluators[metric.metricName]) {
      warn(`metric ${metric.metricName} is not known to @adk-fluent/eval; it is recorded NOT_EVALUATED`)
    }
  }
  return judge ? resolveJudges(metrics, judge) : new Map()
}

async function inOrder<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await run(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return results
}

/**
 * Runs an eval set against an agent the way `adk eval` does: each case replays its user turns on a fresh session
 * (its `session_input` state), the actual invocations are scored with the config's metrics, runs are pooled, and the
 * result is ADK's `EvalSetResult` (cases sorted by id). A case whose run throws is reported NOT_EVALUATED with its
 * `error`; it does not stop the others. Configuration problems (no judge for a judge metric, a bad match type, an
 * unknown case id) throw a `ConfigError` before any case runs.
 */
export async function evaluate(options: EvaluateOptions): Promise<EvalSetResult> {
  const { evalSet } = options
  const warn = options.onWarning ?? ((message: string) => console.warn(`adk-fluent eval: ${message}`))
  const metrics = evalMetricsOf(options.config ?? defaultEvalConfig)
  const judges = checkMetrics(metrics, options.judge, warn)
  const cases = selectCases(evalSet, options.caseIds)
  const numRuns = options.numRuns ?? 1
  if (!Number.isInteger(numRuns) || numRuns < 1)
    throw new ConfigError([
      {
        code: 'number_invalid',
        path: ['evaluate', 'numRuns'],
        message: `numRuns must be a positive integer, got ${numRuns}`,
        hint: 'Pass numRuns: 1 or more (default 1).',
      },
    ])
  const jobs = Array.from({ length: numRuns }, () => cases).flat()
  const rougeVariant = options.rougeVariant ?? 'v3'
  const { judge } = options
  const results = await inOrder(jobs, options.parallelism ?? 4, async (evalCase): Promise<EvalCaseResult> => {
    let agent: BaseAgent | undefined
    try {
      agent = agentOf(options.agent)
      // A judge function gives each case its own judges (made after its agent), as the agent is its own.
      const caseJudges = typeof judge === 'function' ? resolveJudges(metrics, judge) : judges
      const inference = await inferCase(agent, evalCase, options.appName ?? agent.name)
      return await evaluateCase(
        evalSet.evalSetId,
        evalCase,
        inference,
        metrics,
        { judges: caseJudges, rougeVariant },
        warn,
      )
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      warn(`case ${evalCase.evalId} failed to run: ${message}`)
      return {
        evalSetFile: evalSet.evalSetId,
        evalSetId: evalSet.evalSetId,
        evalId: evalCase.evalId,
        finalEvalStatus: 'NOT_EVALUATED',
        overallEvalMetricResults: [],
        evalMetricResultPerInvocation: [],
        sessionId: '',
        error: message,
      }
    }
  })
  const now = Date.now() / 1000
  const appName = options.appName ?? evalSet.evalCases[0]?.sessionInput?.appName ?? evalSet.evalSetId
  const name = `${appName}_${evalSet.evalSetId}_${pyFloat(now)}`.replace(/\//g, '_')
  return {
    evalSetResultId: name,
    evalSetResultName: name,
    evalSetId: evalSet.evalSetId,
    evalCaseResults: aggregateRuns(results),
    creationTimestamp: now,
  }
}
