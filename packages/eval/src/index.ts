// @adk-fluent/eval: ADK eval sets and test configs, inference through the Runner, ADK's metrics to the digit,
// ADK's reports and result files.

// Files
export { parseEvalSet, readEvalSetFile, evalSetToJson, writeEvalSetFile } from './schema/eval-set-file.js'
export type { ParseEvalSetOptions } from './schema/eval-set-file.js'
export { parseEvalConfig, readEvalConfigFile, evalMetricsOf, defaultEvalConfig } from './schema/eval-config.js'
export type { Criterion, EvalConfig, EvalMetric, JudgeModelOptions } from './schema/eval-config.js'
export type {
  EvalCase,
  EvalSet,
  IntermediateData,
  Invocation,
  InvocationEvent,
  InvocationEvents,
  Rubric,
  SessionInput,
} from './schema/types.js'

// Running
export { evaluate } from './run/evaluate.js'
export type { AgentSource, EvaluateOptions } from './run/evaluate.js'
export { aggregateRuns } from './run/aggregate-runs.js'
export { exactMean } from './run/exact-mean.js'
export { invocationsFromEvents } from './run/invocations-from-events.js'
export { textOf, toolCallsOf } from './run/tool-calls.js'
export { finalStatusOf } from './run/results.js'
export type { EvalCaseResult, EvalMetricResult, EvalMetricResultPerInvocation, EvalSetResult } from './run/results.js'
export { evalCaseFromSession, addEvalCase } from './from-session.js'
export type { EvalCaseFromSessionOptions } from './from-session.js'

// Metrics
export { metricEvaluators, judgeMetrics } from './metrics/metric-registry.js'
export { trajectoryScore, parseMatchType } from './metrics/trajectory.js'
export type { MatchType, ToolCallLike } from './metrics/trajectory.js'
export { pyEqual } from './metrics/py-equal.js'
export { rouge1, rouge1FromTokens } from './metrics/rouge1.js'
export type { RougeVariant } from './metrics/rouge1.js'
export { porterStem } from './text/porter-stemmer.js'
export { rougeTokens, whitespaceTokens } from './text/tokenize.js'
export { isLatinScript } from './text/latin-script.js'
export { parseValidityLabel, majorityVote, finalResponseMatchPrompt } from './metrics/judge/final-response-match-v2.js'
export { parseRubricVerdicts } from './metrics/judge/rubric-verdicts.js'
export type { RubricVerdict } from './metrics/judge/rubric-verdicts.js'
export { rubricPrompt } from './metrics/judge/rubric-based.js'
export { evalStatusCode, statusOf } from './metrics/metric-types.js'
export type {
  EvalStatus,
  MetricContext,
  MetricEvaluation,
  MetricEvaluator,
  PerInvocationScore,
  RubricScore,
} from './metrics/metric-types.js'

// Reports
export { pyFloat } from './report/py-float.js'
export { textReport, caseDetails } from './report/text-report.js'
export { evalSetResultToJson, writeEvalSetResult, readEvalSetResultJson } from './report/result-file.js'
export { junitXml } from './report/junit.js'

// Entry points for tests and the CLI
export { expectEvalSet, describeFailures, EvalSetFailedError } from './expect-eval-set.js'
export { runEvalCli, parseEvalSetArguments } from './cli/eval-cli.js'
export type { EvalCliInput, EvalCliOutput } from './cli/eval-cli.js'
