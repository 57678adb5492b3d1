import { existsSync, readFileSync } from 'node:fs'
import { ConfigError } from '@adk-fluent/core'
import { rubricSpec } from './eval-set-specs.js'
import { readValue, writeValue, type ObjectSpec, type ReadIssue } from './model.js'
import type { HasExtra, Rubric } from './types.js'

/** How a judge model is asked (`judge_model_options`). */
export interface JudgeModelOptions extends HasExtra {
  readonly judgeModel?: string
  readonly judgeModelConfig?: Readonly<Record<string, unknown>>
  readonly numSamples?: number
}

/** A metric's criterion: a threshold plus the options of its type; unknown keys kept. */
export interface Criterion extends HasExtra {
  readonly threshold: number
  readonly matchType?: unknown
  readonly ignoreArgs?: boolean
  readonly judgeModelOptions?: JudgeModelOptions
  readonly rubrics?: readonly Rubric[]
  readonly evaluateIntermediateNlResponses?: boolean
}

/** One metric to evaluate, as ADK's `EvalMetric`. */
export interface EvalMetric {
  readonly metricName: string
  readonly threshold: number
  readonly criterion: Criterion
}

/** ADK's `EvalConfig` (`test_config.json`): the criteria by metric name, in file order. */
export interface EvalConfig {
  readonly criteria: Readonly<Record<string, number | Criterion>>
  readonly customMetrics?: Readonly<Record<string, unknown>>
  readonly userSimulatorConfig?: Readonly<Record<string, unknown>>
}

const judgeOptionsSpec: ObjectSpec = {
  model: 'JudgeModelOptions',
  fields: [
    { name: 'judge_model', type: 'string', default: 'gemini-2.5-flash' },
    { name: 'judge_model_config', type: 'dict' },
    { name: 'num_samples', type: 'integer', default: 5 },
  ],
}

const criterionSpec: ObjectSpec = {
  model: 'Criterion',
  fields: [
    { name: 'threshold', type: 'number', required: true },
    { name: 'match_type', type: 'json' },
    { name: 'ignore_args', type: 'boolean' },
    { name: 'judge_model_options', type: judgeOptionsSpec },
    { name: 'rubrics', type: { array: rubricSpec } },
    { name: 'evaluate_intermediate_nl_responses', type: 'boolean' },
  ],
}

/** ADK's default when no config file is given or found. */
export const defaultEvalConfig: EvalConfig = { criteria: { tool_trajectory_avg_score: 1.0, response_match_score: 0.8 } }

/** Reads a parsed `test_config.json` (both casings; a bare number is a threshold). */
export function parseEvalConfig(raw: unknown, source = 'eval config'): EvalConfig {
  const issues: ReadIssue[] = []
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ConfigError([
      {
        code: 'eval_config_invalid',
        path: [source],
        message: 'expected an object with "criteria"',
        hint: 'For example {"criteria": {"response_match_score": 0.8}}.',
      },
    ])
  const record = raw as Record<string, unknown>
  const criteriaRaw = record['criteria'] ?? {}
  const criteria: Record<string, number | Criterion> = {}
  if (typeof criteriaRaw !== 'object' || Array.isArray(criteriaRaw))
    issues.push({ path: 'criteria', message: 'expected object' })
  else {
    for (const [name, value] of Object.entries(criteriaRaw as Record<string, unknown>)) {
      if (typeof value === 'number') criteria[name] = value
      else if (typeof value === 'object' && value !== null && !Array.isArray(value))
        criteria[name] = readValue(value, criterionSpec, `criteria.${name}`, issues) as Criterion
      else issues.push({ path: `criteria.${name}`, message: 'expected a number (the threshold) or a criterion object' })
    }
  }
  if (issues.length === 0) issues.push(...thresholdIssues(criteria))
  if (issues.length > 0)
    throw new ConfigError(
      issues.map((issue) => ({
        code: 'eval_config_invalid',
        path: [source],
        message: `${issue.path}: ${issue.message}`,
      })),
    )
  const custom = record['custom_metrics'] ?? record['customMetrics']
  const simulator = record['user_simulator_config'] ?? record['userSimulatorConfig']
  return {
    criteria,
    ...(typeof custom === 'object' && custom !== null ? { customMetrics: custom as Record<string, unknown> } : {}),
    ...(typeof simulator === 'object' && simulator !== null
      ? { userSimulatorConfig: simulator as Record<string, unknown> }
      : {}),
  }
}

/**
 * Thresholds that are not numbers in [0, 1]. Every metric scores from 0 to 1, so a threshold below 0 passes every
 * case and one above 1 fails every case, whatever the agent does (ADK accepts both silently; we refuse them).
 */
function thresholdIssues(criteria: EvalConfig['criteria']): ReadIssue[] {
  const issues: ReadIssue[] = []
  for (const [name, value] of Object.entries(criteria)) {
    const threshold: unknown = typeof value === 'number' ? value : value?.threshold
    if (typeof threshold === 'number' && threshold >= 0 && threshold <= 1) continue
    issues.push({
      path: typeof value === 'number' ? `criteria.${name}` : `criteria.${name}.threshold`,
      message: `the threshold ${typeof threshold === 'number' ? String(threshold) : (JSON.stringify(threshold) ?? 'undefined')} is outside [0, 1]: scores run from 0 to 1, so ${typeof threshold === 'number' && threshold < 0 ? 'every case would pass' : 'no case could pass'}. Use a number from 0 to 1, such as 0.8`,
    })
  }
  return issues
}

/**
 * Reads a config file; without a path, ADK's default criteria. A path that does not exist, or cannot be read, is a
 * `ConfigError` naming it (ADK silently falls back to the default criteria, a gap we do not copy).
 */
export function readEvalConfigFile(path: string | undefined): EvalConfig {
  if (path === undefined) return defaultEvalConfig
  if (!existsSync(path)) {
    throw new ConfigError([
      {
        code: 'file_unreadable',
        path: ['config_file_path'],
        message: `the eval config file "${path}" does not exist.`,
        hint: 'Give the path of a test_config.json (such as {"criteria": {"response_match_score": 0.8}}), or leave --config_file_path out for the default criteria.',
      },
    ])
  }
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError(
      [
        {
          code: 'file_unreadable',
          path: [path],
          message: `the eval config file cannot be read (${(error as Error).message})`,
          hint: 'Check that it is a readable file.',
        },
      ],
      { cause: error },
    )
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new ConfigError([
      {
        code: 'json_invalid',
        path: [path],
        message: `not valid JSON (${(error as Error).message})`,
        hint: 'Fix the JSON of the eval config (such as {"criteria": {"response_match_score": 0.8}}).',
      },
    ])
  }
  return parseEvalConfig(raw, path)
}

/**
 * The metrics of a config, in order: a bare number `t` becomes `{ threshold: t }`. A threshold outside [0, 1] is a
 * `ConfigError` (also for a config built in code rather than read by {@link parseEvalConfig}).
 */
export function evalMetricsOf(config: EvalConfig): EvalMetric[] {
  const issues = thresholdIssues(config.criteria)
  if (issues.length > 0)
    throw new ConfigError(
      issues.map((issue) => ({
        code: 'eval_config_invalid',
        path: ['eval config'],
        message: `${issue.path}: ${issue.message}`,
      })),
    )
  return Object.entries(config.criteria).map(([metricName, value]) =>
    typeof value === 'number'
      ? { metricName, threshold: value, criterion: { threshold: value } }
      : { metricName, threshold: value.threshold, criterion: value },
  )
}

/** A criterion as ADK writes it (snake_case, no nulls or defaults). */
export function criterionToJson(criterion: Criterion): Record<string, unknown> {
  return writeValue(criterion, criterionSpec) as Record<string, unknown>
}
