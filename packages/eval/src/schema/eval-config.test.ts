import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  criterionToJson,
  defaultEvalConfig,
  evalMetricsOf,
  parseEvalConfig,
  readEvalConfigFile,
} from './eval-config.js'

describe('test_config.json', () => {
  it('gives ADK’s default criteria without a file; a path that does not exist is a ConfigError naming it', () => {
    expect(readEvalConfigFile(undefined)).toBe(defaultEvalConfig)
    expect(() => readEvalConfigFile('/nowhere/test_config.json')).toThrow(
      'config_file_path: the eval config file "/nowhere/test_config.json" does not exist. Give the path of a test_config.json',
    )
    expect(() => readEvalConfigFile(tmpdir())).toThrow(/the eval config file cannot be read/)
    expect(evalMetricsOf(defaultEvalConfig)).toEqual([
      { metricName: 'tool_trajectory_avg_score', threshold: 1, criterion: { threshold: 1 } },
      { metricName: 'response_match_score', threshold: 0.8, criterion: { threshold: 0.8 } },
    ])
  })

  it('reads bare thresholds, criterion objects in both casings, and keeps unknown keys', () => {
    const config = parseEvalConfig({
      criteria: {
        tool_trajectory_avg_score: { threshold: 1, matchType: 'in order', ignore_args: true },
        response_match_score: 1,
        final_response_match_v2: {
          threshold: 0.5,
          judgeModelOptions: { judgeModel: 'my-judge', numSamples: 3, judge_model_config: { temperature: 0 } },
        },
        rubric_based_tool_use_quality_v1: {
          threshold: 0.7,
          rubrics: [
            { rubricId: 'r1', rubricContent: { textProperty: 'Calls the tool once.' }, type: 'TOOL_USE_QUALITY' },
          ],
          custom_knob: 7,
        },
      },
      custom_metrics: { mine: { code_config: { name: 'pkg.fn' } } },
    })
    expect(evalMetricsOf(config)).toEqual([
      {
        metricName: 'tool_trajectory_avg_score',
        threshold: 1,
        criterion: { threshold: 1, matchType: 'in order', ignoreArgs: true },
      },
      { metricName: 'response_match_score', threshold: 1, criterion: { threshold: 1 } },
      {
        metricName: 'final_response_match_v2',
        threshold: 0.5,
        criterion: {
          threshold: 0.5,
          judgeModelOptions: { judgeModel: 'my-judge', numSamples: 3, judgeModelConfig: { temperature: 0 } },
        },
      },
      {
        metricName: 'rubric_based_tool_use_quality_v1',
        threshold: 0.7,
        criterion: {
          threshold: 0.7,
          rubrics: [
            { rubricId: 'r1', rubricContent: { textProperty: 'Calls the tool once.' }, type: 'TOOL_USE_QUALITY' },
          ],
          extra: { custom_knob: 7 },
        },
      },
    ])
    expect(config.customMetrics).toEqual({ mine: { code_config: { name: 'pkg.fn' } } })
    // Written back as ADK does: snake_case, defaults (gemini-2.5-flash, 5 samples) left out.
    expect(criterionToJson(evalMetricsOf(config)[2]!.criterion)).toEqual({
      threshold: 0.5,
      judge_model_options: { judge_model: 'my-judge', judge_model_config: { temperature: 0 }, num_samples: 3 },
    })
  })

  it('names the file and the criterion of a bad config', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-config-'))
    writeFileSync(
      join(dir, 'test_config.json'),
      JSON.stringify({ criteria: { response_match_score: 'high', tool_trajectory_avg_score: { match_type: 1 } } }),
    )
    expect(() => readEvalConfigFile(join(dir, 'test_config.json'))).toThrow(
      `2 configuration problems:\n1. ${join(dir, 'test_config.json')}: criteria.response_match_score: expected a number (the threshold) or a criterion object\n2. ${join(dir, 'test_config.json')}: criteria.tool_trajectory_avg_score.threshold: required`,
    )
  })
})

describe('thresholds outside [0, 1] are refused (ADK accepts them silently: every case passes at -1)', () => {
  it('in a file, as bare numbers and as criterion thresholds, all listed at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'adk-eval-threshold-'))
    const file = join(dir, 'test_config.json')
    writeFileSync(
      file,
      JSON.stringify({
        criteria: {
          response_match_score: -1,
          tool_trajectory_avg_score: { threshold: 1.5 },
          final_response_match_v2: 1,
        },
      }),
    )
    expect(() => readEvalConfigFile(file)).toThrow(
      `2 configuration problems:\n1. ${file}: criteria.response_match_score: the threshold -1 is outside [0, 1]: scores run from 0 to 1, so every case would pass. Use a number from 0 to 1, such as 0.8\n2. ${file}: criteria.tool_trajectory_avg_score.threshold: the threshold 1.5 is outside [0, 1]: scores run from 0 to 1, so no case could pass.`,
    )
  })

  it('in a config built in code (evaluate, expectEvalSet), NaN included; 0 and 1 are fine', () => {
    for (const threshold of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => evalMetricsOf({ criteria: { response_match_score: threshold } })).toThrow(/outside \[0, 1\]/)
    }
    expect(evalMetricsOf({ criteria: { a: 0, b: { threshold: 1 } } }).map((metric) => metric.threshold)).toEqual([0, 1])
  })
})
