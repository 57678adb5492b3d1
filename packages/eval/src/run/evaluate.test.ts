import { ConfigError } from '@adk-fluent/core'
import { describe, expect, it } from 'vitest'
import { parseEvalConfig } from '../schema/eval-config.js'
import { parseEvalSet } from '../schema/eval-set-file.js'
import { evaluate } from './evaluate.js'
import { weatherTree } from './evaluate.test-helper.js'

const turn = (text: string, answer: string, toolUses: unknown[] = []) => ({
  user_content: { role: 'user', parts: [{ text }] },
  final_response: { role: 'model', parts: [{ text: answer }] },
  intermediate_data: { tool_uses: toolUses },
})

const evalSet = parseEvalSet({
  eval_set_id: 'weather_set',
  eval_cases: [
    {
      eval_id: 'home_city',
      session_input: {
        app_name: 'weather_app',
        user_id: 'ana',
        state: { 'user:home_city': 'Lisbon', 'app:units': 'metric' },
      },
      conversation: [
        turn('What is the weather?', 'It is sunny, 24 °C in Lisbon.', [
          { name: 'get_weather', args: { city: 'Lisbon' } },
        ]),
        turn('And in Oslo?', 'It is light rain, 9 °C in Oslo.', [{ name: 'get_weather', args: { city: 'Oslo' } }]),
      ],
    },
    {
      eval_id: 'sub_agent_and_agent_tool',
      conversation: [
        turn('Say it in Portuguese', 'In Portuguese: [pt] sunny', [{ name: 'translator', args: { request: 'sunny' } }]),
        turn('Plan a trip please', 'Booked your trip to Oslo.', [
          { name: 'transfer_to_agent', args: { agent_name: 'travel' } },
          { name: 'book', args: { city: 'Oslo' } },
        ]),
      ],
    },
    {
      eval_id: 'wrong_answer',
      conversation: [
        turn('Weather in Oslo', 'It is sunny in Oslo.', [{ name: 'get_weather', args: { city: 'Paris' } }]),
      ],
    },
    { eval_id: 'crashes', conversation: [turn('Weather in Tokyo', 'whatever')] },
  ],
})

describe('evaluate', () => {
  it('replays every case on a fresh session and scores it as adk eval does', async () => {
    const warnings: string[] = []
    const { root } = weatherTree({ failOn: 'Tokyo' })
    const result = await evaluate({ agent: root, evalSet, onWarning: (message) => warnings.push(message) })
    const byId = Object.fromEntries(result.evalCaseResults.map((item) => [item.evalId, item]))
    expect(result.evalCaseResults.map((item) => item.evalId)).toEqual([
      'crashes',
      'home_city',
      'sub_agent_and_agent_tool',
      'wrong_answer',
    ])

    // The session started from session_input: user:home_city reached the instruction.
    const home = byId['home_city']
    expect(home?.finalEvalStatus).toBe('PASSED')
    expect(home?.userId).toBe('ana')
    expect(home?.sessionId).toMatch(/^___eval___session___[0-9a-f-]{36}$/)
    expect(
      home?.overallEvalMetricResults.map((metric) => [metric.metricName, metric.score, metric.evalStatus]),
    ).toEqual([
      ['tool_trajectory_avg_score', 1, 'PASSED'],
      ['response_match_score', 1, 'PASSED'],
    ])
    expect(home?.evalMetricResultPerInvocation).toHaveLength(2)

    // A transfer, the sub-agent's own call, and an agent tool's call are all in the actual trajectory.
    expect(byId['sub_agent_and_agent_tool']?.finalEvalStatus).toBe('PASSED')

    const wrong = byId['wrong_answer']
    expect(wrong?.finalEvalStatus).toBe('FAILED')
    expect(wrong?.overallEvalMetricResults.map((metric) => metric.score)).toEqual([0, 0.5714285714285714])

    // A case whose run throws is reported, not fatal.
    expect(byId['crashes']).toMatchObject({
      finalEvalStatus: 'NOT_EVALUATED',
      overallEvalMetricResults: [],
      error: expect.stringContaining('model unavailable'),
    })
    expect(warnings).toEqual([expect.stringContaining('case crashes failed to run')])
  })

  it("keeps a file's unknown keys out of what the model receives", async () => {
    const { root, model } = weatherTree()
    const withExtras = parseEvalSet({
      eval_set_id: 'extras',
      eval_cases: [
        {
          eval_id: 'c',
          conversation: [
            { user_content: { role: 'user', ui_note: 'x', parts: [{ text: 'Weather in Oslo', ui_index: 3 }] } },
          ],
        },
      ],
    })
    expect(withExtras.evalCases[0]?.conversation?.[0]?.userContent).toEqual({
      role: 'user',
      parts: [{ text: 'Weather in Oslo', extra: { ui_index: 3 } }],
      extra: { ui_note: 'x' },
    })
    await evaluate({ agent: root, evalSet: withExtras, config: { criteria: {} } })
    expect(model.requests[0]?.contents.at(-1)).toEqual({ role: 'user', parts: [{ text: 'Weather in Oslo' }] })
  })

  it('gives the same results whatever the parallelism', async () => {
    const scores = async (parallelism: number) => {
      const result = await evaluate({
        agent: weatherTree().root,
        evalSet,
        parallelism,
        caseIds: ['home_city', 'sub_agent_and_agent_tool', 'wrong_answer'],
      })
      return result.evalCaseResults.map((item) => [
        item.evalId,
        item.finalEvalStatus,
        item.overallEvalMetricResults.map((metric) => metric.score),
      ])
    }
    expect(await scores(4)).toEqual(await scores(1))
  })

  it('a judge function gives every case (and run) its own judge, so scripted judges replay from their first reply', async () => {
    const { LlmAgent } = await import('@adk-fluent/core')
    const { ScriptedLlm } = await import('@adk-fluent/core/testing')
    const twoCases = parseEvalSet({
      eval_set_id: 'twice',
      eval_cases: ['first', 'second'].map((id) => ({ eval_id: id, conversation: [turn('Hi', 'Hello.')] })),
    })
    const config = parseEvalConfig({
      criteria: { final_response_match_v2: { threshold: 0.5, judge_model_options: { num_samples: 1 } } },
    })
    const judges: InstanceType<typeof ScriptedLlm>[] = []
    const result = await evaluate({
      // Each case builds its own agent on a one-reply script, and gets a one-reply judge.
      agent: () => new LlmAgent({ name: 'greeter', model: new ScriptedLlm(['Hello.']), instruction: 'Greet.' }),
      evalSet: twoCases,
      config,
      judge: () => {
        const judge = new ScriptedLlm(['{"reasoning": "same", "is_the_agent_response_valid": "valid"}'])
        judges.push(judge)
        return judge
      },
      numRuns: 2,
    })
    expect(result.evalCaseResults.map((item) => [item.evalId, item.finalEvalStatus])).toEqual([
      ['first', 'PASSED'],
      ['second', 'PASSED'],
    ])
    // One judge checked before the cases, then one per case and run, each asked once.
    expect(judges.map((judge) => judge.requests.length)).toEqual([0, 1, 1, 1, 1])
  })

  it('records unknown metrics NOT_EVALUATED with a warning, and pools num_runs', async () => {
    const warnings: string[] = []
    const config = parseEvalConfig({ criteria: { response_match_score: 0.5, safety_v1: 0.9 } })
    const result = await evaluate({
      agent: weatherTree().root,
      evalSet,
      config,
      numRuns: 2,
      caseIds: ['wrong_answer'],
      onWarning: (m) => warnings.push(m),
    })
    const [only] = result.evalCaseResults
    expect(
      only?.overallEvalMetricResults.map((metric) => [metric.metricName, metric.score, metric.evalStatus]),
    ).toEqual([
      ['response_match_score', 0.5714285714285714, 'PASSED'],
      ['safety_v1', undefined, 'NOT_EVALUATED'],
    ])
    expect(only?.evalMetricResultPerInvocation).toHaveLength(2)
    expect(warnings).toEqual(['metric safety_v1 is not known to @adk-fluent/eval; it is recorded NOT_EVALUATED'])
  })

  it('stops before any case runs when a judge metric has no judge, or a case id is unknown', async () => {
    const { root, model } = weatherTree()
    const config = parseEvalConfig({
      criteria: { final_response_match_v2: { threshold: 0.5, judge_model_options: { judge_model: 'gemini-2.5-pro' } } },
    })
    const run = evaluate({ agent: root, evalSet, config })
    await expect(run).rejects.toThrow(ConfigError)
    await expect(run).rejects.toThrow(
      'metric final_response_match_v2 needs a judge model (the config asks for "gemini-2.5-pro"): pass evaluate({ judge }) with any BaseLlm, or remove the metric',
    )
    // The message lists the set's case ids, so a typo is fixed without opening the file.
    await expect(evaluate({ agent: root, evalSet, caseIds: ['nope'] })).rejects.toThrow(
      new RegExp(
        `^eval set weather_set has no case "nope" \\(its cases: ${evalSet.evalCases.map((c) => c.evalId).join(', ')}\\)$`,
      ),
    )
    const badMatch = parseEvalConfig({
      criteria: { tool_trajectory_avg_score: { threshold: 1, match_type: 'SOMETIMES' } },
    })
    await expect(evaluate({ agent: root, evalSet, config: badMatch })).rejects.toThrow(
      'criteria.tool_trajectory_avg_score.match_type: unknown match type "SOMETIMES"',
    )
    expect(model.requests).toHaveLength(0)
  })
})
