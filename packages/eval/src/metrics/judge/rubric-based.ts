import { ConfigError } from '@adk-fluent/core'
import { exactMean } from '../../run/exact-mean.js'
import { textOf, toolCallsOf } from '../../run/tool-calls.js'
import type { Invocation, Rubric } from '../../schema/types.js'
import {
  statusOf,
  type MetricContext,
  type MetricEvaluator,
  type PerInvocationScore,
  type RubricScore,
} from '../metric-types.js'
import type { EvalMetric } from '../../schema/eval-config.js'
import { askJudge, sample } from './ask-judge.js'
import { requireJudge } from './require-judge.js'
import { parseRubricVerdicts, rubricOfVerdict } from './rubric-verdicts.js'

/** What a rubric metric shows the judge. */
type Focus = 'final_response' | 'tool_use'

/** The judge prompt of the rubric metrics (our wording; ADK's output contract). */
export function rubricPrompt(focus: Focus, invocation: Invocation, rubrics: readonly Rubric[]): string {
  const properties = rubrics
    .map((rubric) => `ID: ${rubric.rubricId}\nProperty: ${rubric.rubricContent.textProperty ?? ''}`)
    .join('\n\n')
  const calls = toolCallsOf(invocation).map((call) => `${call.name ?? ''}(${JSON.stringify(call.args ?? {})})`)
  const shown =
    focus === 'tool_use'
      ? `Tool calls of the agent, in order:\n${calls.length > 0 ? calls.join('\n') : '(none)'}`
      : `Final response of the agent:\n${textOf(invocation.finalResponse)}`
  return [
    "You are an expert rater. For each property below, decide whether the agent's turn satisfies it.",
    'For every property, answer with exactly these four lines, in this order:',
    'ID: <the property id>',
    'Property: <the property text, unchanged>',
    'Rationale: <one sentence>',
    'Verdict: yes or no',
    '',
    `User prompt:\n${textOf(invocation.userContent)}`,
    '',
    shown,
    '',
    `Properties:\n${properties}`,
  ].join('\n')
}

function rubricsFor(
  metric: EvalMetric,
  context: MetricContext,
  expected: Invocation | undefined,
  type: string,
): Rubric[] {
  const ofType = (list: readonly Rubric[] | undefined) =>
    (list ?? []).filter((rubric) => rubric.type === undefined || rubric.type === type)
  const rubrics = [
    ...(metric.criterion.rubrics ?? []),
    ...ofType(context.evalCase.rubrics),
    ...ofType(expected?.rubrics),
  ]
  const ids = new Set<string>()
  for (const rubric of rubrics) {
    if (ids.has(rubric.rubricId))
      throw new ConfigError([
        {
          code: 'eval_metric_invalid',
          path: [metric.metricName],
          message: `rubric id "${rubric.rubricId}" is used twice`,
          hint: 'Give each rubric its own rubricId.',
        },
      ])
    ids.add(rubric.rubricId)
  }
  if (rubrics.length === 0)
    throw new ConfigError([
      {
        code: 'eval_metric_invalid',
        path: [metric.metricName],
        message: 'no rubrics',
        hint: '(give them in the criterion or the eval case)',
      },
    ])
  return rubrics
}

/** Majority over samples for one rubric: more yes than no → 1.0, a tie → 0.0, none → undefined. */
function vote(scores: readonly number[]): number | undefined {
  if (scores.length === 0) return undefined
  const yes = scores.filter((score) => score === 1).length
  return yes > scores.length - yes ? 1 : 0
}

function rubricMetric(focus: Focus, type: string): MetricEvaluator {
  return async (actual, expected, metric, context) => {
    const judge = requireJudge(metric, context)
    const options = metric.criterion.judgeModelOptions
    const perInvocation: PerInvocationScore[] = []
    const byRubric = new Map<string, number[]>()
    for (const [index, invocation] of actual.entries()) {
      const rubrics = rubricsFor(metric, context, expected[index], type)
      try {
        const answers = await sample(options?.numSamples ?? 5, () =>
          askJudge(judge, rubricPrompt(focus, invocation, rubrics), options?.judgeModelConfig),
        )
        const votes = new Map<string, { scores: number[]; rationale?: string }>()
        for (const answer of answers) {
          for (const verdict of parseRubricVerdicts(answer)) {
            const rubric = rubricOfVerdict(verdict, rubrics)
            if (!rubric || verdict.score === undefined) continue
            const entry = votes.get(rubric.rubricId) ?? { scores: [], rationale: verdict.rationale }
            entry.scores.push(verdict.score)
            votes.set(rubric.rubricId, entry)
          }
        }
        const rubricScores: RubricScore[] = rubrics.map((rubric) => {
          const entry = votes.get(rubric.rubricId)
          const score = vote(entry?.scores ?? [])
          return {
            rubricId: rubric.rubricId,
            ...(entry?.rationale ? { rationale: entry.rationale } : {}),
            ...(score === undefined ? {} : { score }),
          }
        })
        const scored = rubricScores.flatMap((item) => (item.score === undefined ? [] : [item.score]))
        for (const item of rubricScores)
          if (item.score !== undefined)
            byRubric.set(item.rubricId, [...(byRubric.get(item.rubricId) ?? []), item.score])
        const score = exactMean(scored)
        perInvocation.push({
          ...(score === undefined ? {} : { score }),
          status: statusOf(score, metric.threshold),
          rubricScores,
        })
      } catch {
        perInvocation.push({ status: 'NOT_EVALUATED' })
      }
    }
    const score = exactMean([...byRubric.values()].flat())
    const rubricScores = [...byRubric].map(([rubricId, scores]) => ({ rubricId, score: exactMean(scores) as number }))
    return {
      ...(score === undefined ? {} : { score }),
      status: statusOf(score, metric.threshold),
      perInvocation,
      rubricScores,
    }
  }
}

/** `rubric_based_final_response_quality_v1`: a judge checks each rubric against the final response. */
export const rubricBasedFinalResponseQuality = rubricMetric('final_response', 'FINAL_RESPONSE_QUALITY')

/** `rubric_based_tool_use_quality_v1`: a judge checks each rubric against the tool calls. */
export const rubricBasedToolUseQuality = rubricMetric('tool_use', 'TOOL_USE_QUALITY')
