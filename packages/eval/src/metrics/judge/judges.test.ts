import type { LlmRequest } from '@adk-fluent/core'
import { describe, expect, it } from 'vitest'
import { answered, lastUserText, reactiveLlm, weatherTree } from '../../run/evaluate.test-helper.js'
import { evaluate } from '../../run/evaluate.js'
import { parseEvalConfig } from '../../schema/eval-config.js'
import { parseEvalSet } from '../../schema/eval-set-file.js'
import { majorityVote, parseValidityLabel } from './final-response-match-v2.js'
import { parseRubricVerdicts } from './rubric-verdicts.js'

describe('final_response_match_v2 label parsing', () => {
  it.each([
    ['{"reasoning": "same facts", "is_the_agent_response_valid": "valid"}', 1],
    ['{"reasoning": "x", "is_the_agent_response_valid": "invalid"}', 0],
    ['```json\n{"is_the_agent_response_valid": ["valid"]}\n```', 1],
    ['"is_the_agent_response_valid": "almost",', 0],
    ['"is_the_agent_response_valid": "partially valid"}', 0],
    ['"is_the_agent_response_valid": "partially_valid"}', 0],
    ['"is_the_agent_response_valid": "true"}', 1],
    ['"is_the_agent_response_valid": false}', 0],
    ['{"is_the_agent_response_invalid": "valid"}', 0],
    ['{"is_the_agent_response_invalid": "invalid"}', 1],
    ['{"is_the_agent_response_valid": "maybe"}', undefined],
    ['I think it is fine.', undefined],
  ])('%j → %s', (answer, score) => {
    expect(parseValidityLabel(answer)).toBe(score)
  })

  it('votes by majority; a tie is invalid; nothing scored gives the first sample', () => {
    expect(majorityVote([1, 1, 0])).toBe(1)
    expect(majorityVote([1, 0])).toBe(0)
    expect(majorityVote([1, undefined, 0, 0])).toBe(0)
    expect(majorityVote([undefined, 1])).toBe(1)
    expect(majorityVote([undefined, undefined])).toBeUndefined()
  })
})

describe('rubric verdict parsing', () => {
  it('attaches ids to the property they precede; a missing ID line is matched by text later', () => {
    expect(
      parseRubricVerdicts(
        'ID: concise\nProperty: The answer is one sentence.\nRationale: It is.\nVerdict: yes\n\nProperty: It names the city.\nRationale: No city.\nVerdict: no',
      ),
    ).toEqual([
      { id: 'concise', property: 'The answer is one sentence.', rationale: 'It is.', score: 1 },
      { property: 'It names the city.', rationale: 'No city.', score: 0 },
    ])
  })

  it('discards the whole answer when the counts differ, and leaves an unclear verdict unscored', () => {
    expect(parseRubricVerdicts('Property: a\nRationale: b\nVerdict: yes\nProperty: c\nVerdict: no')).toEqual([])
    expect(parseRubricVerdicts('**Property:** a\n**Rationale:** b\n**Verdict:** unclear')).toEqual([
      { property: 'a', rationale: 'b', score: undefined },
    ])
  })
})

const evalSet = parseEvalSet({
  eval_set_id: 'judged',
  eval_cases: [
    {
      eval_id: 'lisbon',
      session_input: { app_name: 'weather', user_id: 'u', state: { 'user:home_city': 'Lisbon' } },
      conversation: [
        {
          user_content: { parts: [{ text: 'What is the weather?' }] },
          final_response: { parts: [{ text: 'Sunny and 24 degrees in Lisbon.' }] },
        },
        {
          user_content: { parts: [{ text: 'And in Oslo?' }] },
          final_response: { parts: [{ text: 'Rainy in Oslo.' }] },
        },
      ],
    },
  ],
})

function promptOf(request: LlmRequest): string {
  return request.contents[0]?.parts?.[0]?.text ?? ''
}

describe('judge metrics with a scripted judge', () => {
  it('final_response_match_v2: majority per invocation, valid / judged overall', async () => {
    // Lisbon: 2 valid of 3 samples → valid; Oslo: 1 valid, 1 invalid, 1 garbage → tie → invalid.
    const answers: Record<string, string[]> = {
      Lisbon: [
        '"is_the_agent_response_valid": "valid"',
        '"is_the_agent_response_valid": "valid"',
        '"is_the_agent_response_valid": "invalid"',
      ],
      Oslo: ['"is_the_agent_response_valid": "valid"', '"is_the_agent_response_valid": "invalid"', 'no idea'],
    }
    const seen: Record<string, number> = {}
    const judge = reactiveLlm((request) => {
      const city = promptOf(request).includes('Oslo?') ? 'Oslo' : 'Lisbon'
      const index = (seen[city] = (seen[city] ?? -1) + 1)
      return answers[city]?.[index] ?? ''
    })
    const config = parseEvalConfig({
      criteria: { final_response_match_v2: { threshold: 0.5, judge_model_options: { num_samples: 3 } } },
    })
    const result = await evaluate({ agent: weatherTree().root, evalSet, config, judge })
    const [item] = result.evalCaseResults
    expect(item?.overallEvalMetricResults[0]).toMatchObject({
      metricName: 'final_response_match_v2',
      score: 0.5,
      evalStatus: 'PASSED',
    })
    expect(item?.evalMetricResultPerInvocation.map((row) => row.evalMetricResults[0]?.score)).toEqual([1, 0])
    expect(judge.requests).toHaveLength(6)
    expect(promptOf(judge.requests[0] as LlmRequest)).toContain('Reference response:\n')
  })

  it('rubric_based_final_response_quality_v1: per-rubric majority, means over rubrics and invocations', async () => {
    const judge = reactiveLlm((request) => {
      const prompt = promptOf(request)
      const mentionsCity = prompt.includes('in Lisbon.') ? 'yes' : 'no'
      return `ID: concise\nProperty: The answer is one sentence.\nRationale: short\nVerdict: yes\n\nProperty: The answer names the city.\nRationale: checked\nVerdict: ${mentionsCity}`
    })
    const config = parseEvalConfig({
      criteria: {
        rubric_based_final_response_quality_v1: {
          threshold: 0.8,
          judge_model_options: { num_samples: 1 },
          rubrics: [
            { rubric_id: 'concise', rubric_content: { text_property: 'The answer is one sentence.' } },
            { rubricId: 'city', rubricContent: { textProperty: 'The answer names the city.' } },
          ],
        },
      },
    })
    const agent = reactiveLlm((request) =>
      answered(request, 'x') ? '' : lastUserText(request).includes('Oslo') ? 'Rain.' : 'Sunny in Lisbon.',
    )
    const { LlmAgent } = await import('@adk-fluent/core')
    const result = await evaluate({
      agent: new LlmAgent({ name: 'w', model: agent, instruction: 'Answer.' }),
      evalSet,
      config,
      judge,
    })
    const metric = result.evalCaseResults[0]?.overallEvalMetricResults[0]
    expect(metric).toMatchObject({ score: 0.75, evalStatus: 'FAILED' })
    expect(metric?.details?.rubricScores).toEqual([
      { rubricId: 'concise', score: 1 },
      { rubricId: 'city', score: 0.5 },
    ])
  })
})
