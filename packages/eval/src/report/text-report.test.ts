import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { weatherTree } from '../run/evaluate.test-helper.js'
import { evaluate } from '../run/evaluate.js'
import { parseEvalSet } from '../schema/eval-set-file.js'
import { junitXml } from './junit.js'
import { readEvalSetResultJson, writeEvalSetResult } from './result-file.js'
import { textReport } from './text-report.js'

const evalSet = parseEvalSet({
  eval_set_id: 'weather_set',
  eval_cases: [
    {
      eval_id: 'lisbon',
      session_input: { app_name: 'weather', user_id: 'ana', state: { 'user:home_city': 'Lisbon' } },
      conversation: [
        {
          user_content: { parts: [{ text: 'What is the weather?' }] },
          final_response: { parts: [{ text: 'It is sunny, 24 °C in Lisbon.' }] },
          intermediate_data: { tool_uses: [{ name: 'get_weather', args: { city: 'Lisbon' } }] },
        },
      ],
    },
    {
      eval_id: 'oslo',
      conversation: [
        {
          user_content: { parts: [{ text: 'Weather in Oslo' }] },
          final_response: { parts: [{ text: 'It is sunny in Oslo.' }] },
          intermediate_data: { tool_uses: [{ name: 'get_weather', args: { city: 'Paris' } }] },
        },
      ],
    },
  ],
})

describe('reports', () => {
  it('prints ADK’s summary and details, with Python floats', async () => {
    const result = await evaluate({ agent: weatherTree().root, evalSet })
    expect(textReport(result.evalCaseResults, { detailed: true })).toMatchSnapshot()
  })

  it('writes the EvalSetResult under .adk/eval_history and JUnit XML', async () => {
    const result = await evaluate({ agent: weatherTree().root, evalSet })
    const dir = mkdtempSync(join(tmpdir(), 'eval-history-'))
    const path = writeEvalSetResult(dir, result)
    expect(readdirSync(join(dir, '.adk', 'eval_history'))).toEqual([`${result.evalSetResultName}.evalset_result.json`])
    expect(result.evalSetResultName).toMatch(/^weather_weather_set_\d+\.\d+$/)
    const json = readEvalSetResultJson(path) as { eval_case_results: Record<string, unknown>[] }
    expect(json.eval_case_results.map((item) => [item['eval_id'], item['final_eval_status']])).toEqual([
      ['lisbon', 1],
      ['oslo', 2],
    ])
    expect(json.eval_case_results[1]?.['overall_eval_metric_results']).toEqual([
      {
        metric_name: 'tool_trajectory_avg_score',
        threshold: 1,
        criterion: { threshold: 1 },
        score: 0,
        eval_status: 2,
        details: {},
      },
      {
        metric_name: 'response_match_score',
        threshold: 0.8,
        criterion: { threshold: 0.8 },
        score: 0.5714285714285714,
        eval_status: 2,
        details: {},
      },
    ])
    expect(junitXml([result])).toMatchSnapshot()
  })
})
