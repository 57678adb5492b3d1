import { textOf } from '../../run/tool-calls.js'
import { statusOf, type MetricEvaluator, type PerInvocationScore } from '../metric-types.js'
import { askJudge, sample } from './ask-judge.js'
import { requireJudge } from './require-judge.js'

/** The judge prompt of `final_response_match_v2` (our wording; ADK's slots and output contract). */
export function finalResponseMatchPrompt(userPrompt: string, actual: string, expected: string): string {
  return [
    "You are an expert rater. Decide whether an AI agent's response answers the user's prompt as well as a reference",
    "response does. The agent's response is valid when it carries the same information as the reference, even if the",
    'wording, order or level of detail differs; it is invalid when it contradicts the reference, misses information the',
    'reference gives, or adds wrong information.',
    '',
    'Answer with a JSON object only:',
    '{"reasoning": "<one or two sentences>", "is_the_agent_response_valid": "valid" or "invalid"}',
    '',
    `User prompt:\n${userPrompt}`,
    '',
    `Agent response:\n${actual}`,
    '',
    `Reference response:\n${expected}`,
  ].join('\n')
}

const negative = new Set(['invalid', 'almost', 'false', 'partially_valid', 'partially valid', 'partially'])
const positive = new Set(['valid', 'true'])

/**
 * ADK's label parsing of a `final_response_match_v2` judge answer, over the raw text (not JSON.parse):
 * `valid`/`true` → 1.0; `invalid`, `almost`, `false`, `partially valid` → 0.0; the key `is_the_agent_response_invalid`
 * inverts; no recognisable label → `undefined`.
 */
export function parseValidityLabel(answer: string): number | undefined {
  const match = /"?is_the_agent_response_(valid|invalid)"?\s*:\s*\[?\s*"?([A-Za-z_ ]+?)"?\s*\]?\s*(?:[,}\n]|$)/i.exec(
    answer,
  )
  if (!match) return undefined
  const label = (match[2] ?? '').trim().toLowerCase()
  let score: number | undefined
  if (negative.has(label)) score = 0
  else if (positive.has(label)) score = 1
  if (score === undefined) return undefined
  return match[1]?.toLowerCase() === 'invalid' ? 1 - score : score
}

/** Majority vote over samples: more valid than invalid → 1.0; a tie → 0.0; no sample scored → the first sample's. */
export function majorityVote(scores: readonly (number | undefined)[]): number | undefined {
  const scored = scores.filter((score): score is number => score !== undefined)
  if (scored.length === 0) return scores[0]
  const valid = scored.filter((score) => score === 1).length
  return valid > scored.length - valid ? 1 : 0
}

/** `final_response_match_v2`: a judge model says whether each final response is valid; score = valid / judged. */
export const finalResponseMatchV2: MetricEvaluator = async (actual, expected, metric, context) => {
  const judge = requireJudge(metric, context)
  const options = metric.criterion.judgeModelOptions
  const samples = options?.numSamples ?? 5
  const perInvocation: PerInvocationScore[] = []
  for (const [index, invocation] of actual.entries()) {
    const prompt = finalResponseMatchPrompt(
      textOf(invocation.userContent),
      textOf(invocation.finalResponse),
      textOf(expected[index]?.finalResponse),
    )
    try {
      const answers = await sample(samples, () => askJudge(judge, prompt, options?.judgeModelConfig))
      const score = majorityVote(answers.map(parseValidityLabel))
      perInvocation.push({ ...(score === undefined ? {} : { score }), status: statusOf(score, metric.threshold) })
    } catch {
      perInvocation.push({ status: 'NOT_EVALUATED' })
    }
  }
  const judged = perInvocation.filter((result) => result.score !== undefined)
  const score = judged.length === 0 ? undefined : judged.filter((result) => result.score === 1).length / judged.length
  return { ...(score === undefined ? {} : { score }), status: statusOf(score, metric.threshold), perInvocation }
}
