import { fileURLToPath } from 'node:url'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { EvalSetFailedError, expectEvalSet, readEvalConfigFile, readEvalSetFile } from '@adk-fluent/eval'
import { describe, expect, it } from 'vitest'
import { runCli } from '@adk-fluent/devtools'
import { createWeatherAgent } from '../index.js'
import { offlineReply } from './agent.js'

const here = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url))
const evalSet = readEvalSetFile(here('weather.evalset.json'))
const config = readEvalConfigFile(here('test_config.json'))
const scripted = () => new ScriptedLlm(Array.from({ length: 200 }, () => offlineReply))

describe('the weather agent eval set (scripted agent and judge)', () => {
  it('passes every case with every metric, through evaluate()', async () => {
    const judge = scripted()
    const result = await expectEvalSet({ agent: createWeatherAgent(scripted()), evalSet, config, judge })
    expect(
      result.evalCaseResults.map((item) => [item.evalId, item.overallEvalMetricResults.map((metric) => metric.score)]),
    ).toEqual([
      ['jacket_at_home_imperial', [1, 1, 1, 1]],
      ['named_city_metric', [1, 0.9444444444444444, 1, 1]],
      ['two_turns', [1, 1, 1, 1]],
    ])
    // 3 samples of final_response_match_v2 and 1 rubric sample per invocation (4 invocations).
    expect(judge.requests).toHaveLength(16)
  })

  it('shows what regressed when the agent changes', async () => {
    // A regression: the agent forgets to convert to °F for imperial users.
    const regressed = createWeatherAgent(
      new ScriptedLlm(
        Array.from({ length: 200 }, () => (request: Parameters<typeof offlineReply>[0]) => {
          const reply = offlineReply(request)
          return typeof reply === 'object' &&
            'content' in reply &&
            reply.content?.parts?.[0]?.functionCall?.name === 'convert_temperature'
            ? 'No jacket needed: Lisbon is sunny and 24 °C today, with a light 12 km/h breeze.'
            : reply
        }),
      ),
    )
    const failure = await expectEvalSet({
      agent: regressed,
      evalSet,
      config,
      judge: scripted(),
      caseIds: ['jacket_at_home_imperial'],
    }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EvalSetFailedError)
    expect((failure as Error).message.split('\n').slice(0, 6)).toEqual([
      'eval set weather: 1 of 1 cases did not pass',
      '  case jacket_at_home_imperial: FAILED',
      '    tool_trajectory_avg_score: 0.0 < 1.0',
      '      invocation 1 ("Do I need a jacket today?"): score 0.0',
      '        - expected tool calls: get_weather({"city":"Lisbon"}), convert_temperature({"celsius":24})',
      '        + actual tool calls:   get_weather({"city":"Lisbon"})',
    ])
  })

  it('runs as `adk-fluent eval` offline on the module’s mockScript, exit code 0', async () => {
    let stdout = ''
    let stderr = ''
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      cwd: here('.'),
    }
    const code = await runCli(
      [
        'eval',
        'agent.ts',
        'weather.evalset.json:named_city_metric,two_turns',
        '--config_file_path',
        'test_config.json',
      ],
      io,
    )
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout.split('\n').slice(1)).toEqual([
      '*'.repeat(69),
      'Eval Run Summary',
      'weather:',
      '  Tests passed: 2',
      '  Tests failed: 0',
      '',
    ])
  })

  it('exits 2 (bad usage, as the docs say) naming the file when an eval set cannot be read', async () => {
    let stdout = ''
    let stderr = ''
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      cwd: here('.'),
    }
    expect(await runCli(['eval', 'agent.ts', 'missing.evalset.json'], io)).toBe(2)
    expect(stderr).toMatch(/^adk-fluent: missing\.evalset\.json: cannot read the eval set/)
    expect(stdout).toBe('')
  })
})
