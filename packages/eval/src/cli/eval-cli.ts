import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { ConfigError, type BaseLlm } from '@adk-fluent/core'
import { junitXml } from '../report/junit.js'
import { writeEvalSetResult } from '../report/result-file.js'
import { pyFloat } from '../report/py-float.js'
import { pyRepr, textReport } from '../report/text-report.js'
import { evaluate, type AgentSource } from '../run/evaluate.js'
import type { EvalSetResult } from '../run/results.js'
import { criterionToJson, evalMetricsOf, readEvalConfigFile, type EvalConfig } from '../schema/eval-config.js'
import { judgeMetrics } from '../metrics/metric-registry.js'
import { readEvalSetFile } from '../schema/eval-set-file.js'
import type { EvalSet } from '../schema/types.js'

/** Where the command writes. */
export interface EvalCliOutput {
  write(text: string): unknown
}

/** What `adk-fluent eval` needs once the agent module is loaded. */
export interface EvalCliInput {
  /** The agent (a fresh one is built per case when this is a builder or a factory, before the case's judges). */
  readonly agent: AgentSource
  /** The agent module's path: results go to `.adk/eval_history/` beside it. */
  readonly agentFile: string
  /** `file.evalset.json` or `file.evalset.json:case_1,case_2`, as typed (ADK's `EVAL_SET...`). */
  readonly evalSets: readonly string[]
  readonly configFile?: string | undefined
  readonly numRuns?: number | undefined
  /**
   * Cases in flight at once (default 4); 1 when each case's models are made fresh from one script (offline), so
   * every case replays it from its first reply.
   */
  readonly parallelism?: number | undefined
  readonly printDetailedResults?: boolean | undefined
  /** Also write JUnit XML to this path. */
  readonly junitFile?: string | undefined
  /** The judge model for a `judge_model` name (the CLI resolves names as a run does), asked again for each case. */
  readonly judge?: ((modelName: string) => BaseLlm) | undefined
  readonly cwd: string
  readonly stdout: EvalCliOutput
  readonly stderr: EvalCliOutput
  /** The CLI's spelling suggestion for an unknown case id (` Did you mean "x"?`, or `''`); default none. */
  readonly didYouMean?: ((given: string, candidates: readonly string[]) => string) | undefined
}

/** ADK's `file_or_id[:case1,case2]` list: split at the first `:`, empty ids dropped, repeated sets merged. */
export function parseEvalSetArguments(values: readonly string[]): Map<string, string[]> {
  const sets = new Map<string, string[]>()
  for (const value of values) {
    const colon = value.indexOf(':')
    const file = colon < 0 ? value : value.slice(0, colon)
    const ids =
      colon < 0
        ? []
        : value
            .slice(colon + 1)
            .split(',')
            .filter((id) => id.trim().length > 0)
    sets.set(file, [...(sets.get(file) ?? []), ...ids])
  }
  return sets
}

function criteriaRepr(config: EvalConfig): string {
  const criteria = Object.entries(config.criteria).map(
    ([name, value]) =>
      `${pyRepr(name)}: ${typeof value === 'number' ? pyFloat(value) : pyRepr({ ...criterionToJson(value), threshold: pyFloat(value.threshold) }).replace(/'threshold': '([^']*)'/, "'threshold': $1")}`,
  )
  return `criteria={${criteria.join(', ')}} custom_metrics=${config.customMetrics ? pyRepr(config.customMetrics) : 'None'} user_simulator_config=${config.userSimulatorConfig ? pyRepr(config.userSimulatorConfig) : 'None'}`
}

/** Every case id asked for is in its set (a {@link ConfigError} naming the set, its cases and the closest id). */
function checkCaseIds(evalSet: EvalSet, caseIds: readonly string[], file: string, input: EvalCliInput): void {
  const known = evalSet.evalCases.map((evalCase) => evalCase.evalId)
  const unknown = caseIds.filter((id) => !known.includes(id))
  if (unknown.length === 0) return
  throw new ConfigError(
    unknown.map((id) => ({
      code: 'eval_case_missing' as const,
      path: [],
      message: `${file}: no case "${id}" (its cases: ${known.join(', ') || 'none'}).${input.didYouMean?.(id, known) ?? ''}`,
    })),
  )
}

/**
 * `adk-fluent eval <file> <evalset.json>[:case_id,…] [--config_file_path f] [--num_runs n] [--print_detailed_results]`:
 * loads every eval set and the config first (a bad file or a missing judge stops it before any case runs), evaluates,
 * writes each result to `.adk/eval_history/` beside the agent file, prints ADK's summary (and details), and returns
 * the exit code: 1 when a case did not pass; 2 (the problem on stderr, nothing run) when an eval set, a case id or the
 * config cannot be used.
 */
export async function runEvalCli(input: EvalCliInput): Promise<number> {
  let config: EvalConfig
  const sets: { evalSet: EvalSet; caseIds: string[] }[] = []
  try {
    config = readEvalConfigFile(input.configFile === undefined ? undefined : resolve(input.cwd, input.configFile))
    for (const [file, caseIds] of parseEvalSetArguments(input.evalSets)) {
      const evalSet = readEvalSetFile(resolve(input.cwd, file), { evalSetId: file, source: file })
      checkCaseIds(evalSet, caseIds, file, input)
      sets.push({ evalSet, caseIds })
    }
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    input.stderr.write(`adk-fluent: ${error.message}\n`)
    return 2
  }
  // A judge model that cannot be resolved stops the command here, before any output or case.
  for (const metric of evalMetricsOf(config)) {
    if (judgeMetrics.has(metric.metricName))
      input.judge?.(metric.criterion.judgeModelOptions?.judgeModel ?? 'gemini-2.5-flash')
  }
  input.stdout.write(`Using evaluation criteria: ${criteriaRepr(config)}\n`)
  const results: EvalSetResult[] = []
  for (const { evalSet, caseIds } of sets) {
    results.push(
      await evaluate({
        agent: input.agent,
        evalSet,
        config,
        caseIds,
        ...(input.judge ? { judge: input.judge } : {}),
        ...(input.numRuns === undefined ? {} : { numRuns: input.numRuns }),
        ...(input.parallelism === undefined ? {} : { parallelism: input.parallelism }),
        onWarning: (message) => input.stderr.write(`adk-fluent eval: warning: ${message}\n`),
      }),
    )
  }
  const agentDir = dirname(resolve(input.cwd, input.agentFile))
  for (const result of results) writeEvalSetResult(agentDir, result)
  const cases = results.flatMap((result) => result.evalCaseResults)
  input.stdout.write(textReport(cases, { detailed: input.printDetailedResults ?? false }))
  if (input.junitFile !== undefined) writeFileSync(resolve(input.cwd, input.junitFile), junitXml(results))
  return cases.every((result) => result.finalEvalStatus === 'PASSED') ? 0 : 1
}
