import { ConfigError, InMemoryRunner } from '@adk-fluent/core'
import { describe, expect, it } from 'vitest'
import { EvalSetFailedError, expectEvalSet } from './expect-eval-set.js'
import { addEvalCase, evalCaseFromSession } from './from-session.js'
import { weatherTree } from './run/evaluate.test-helper.js'
import { toolCallsOf, textOf } from './run/tool-calls.js'
import { parseEvalSet } from './schema/eval-set-file.js'

describe('expectEvalSet', () => {
  it('fails with a readable diff of what scored below its threshold', async () => {
    const evalSet = parseEvalSet({
      eval_set_id: 'weather_set',
      eval_cases: [
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
    const failure = await expectEvalSet({ agent: weatherTree().root, evalSet }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EvalSetFailedError)
    expect(EvalSetFailedError.isInstance(failure) && failure.code).toBe('EVAL_SET_FAILED')
    expect((failure as Error).message).toBe(
      [
        'eval set weather_set: 1 of 1 cases did not pass',
        '  case oslo: FAILED',
        '    tool_trajectory_avg_score: 0.0 < 1.0',
        '      invocation 1 ("Weather in Oslo"): score 0.0',
        '        - expected tool calls: get_weather({"city":"Paris"})',
        '        + actual tool calls:   get_weather({"city":"Oslo"})',
        '    response_match_score: 0.5714285714285714 < 0.8',
        '      invocation 1 ("Weather in Oslo"): score 0.5714285714285714',
        '        - expected response: "It is sunny in Oslo."',
        '        + actual response:   "It is light rain, 9 °C in Oslo."',
      ].join('\n'),
    )
  })
})

describe('evalCaseFromSession', () => {
  it('turns a recorded conversation into a case that passes against the same agent', async () => {
    const { root } = weatherTree()
    const runner = new InMemoryRunner({ agent: root, appName: 'weather' })
    const session = await runner.sessionService.createSession({
      appName: 'weather',
      userId: 'ana',
      state: { 'user:home_city': 'Lisbon' },
    })
    for (const text of ['What is the weather?', 'Say it in Portuguese']) {
      for await (const _ of runner.runAsync({
        userId: 'ana',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text }] },
      })) {
        // run the turn
      }
    }
    const recorded = await runner.sessionService.getSession({
      appName: 'weather',
      userId: 'ana',
      sessionId: session.id,
    })
    const evalCase = evalCaseFromSession(recorded!, {
      evalId: 'recorded',
      initialState: { 'user:home_city': 'Lisbon' },
    })
    expect(evalCase.sessionInput).toEqual({ appName: 'weather', userId: 'ana', state: { 'user:home_city': 'Lisbon' } })
    expect(
      evalCase.conversation?.map((turn) => [
        textOf(turn.userContent),
        toolCallsOf(turn).map((call) => call.name),
        textOf(turn.finalResponse),
      ]),
    ).toEqual([
      ['What is the weather?', ['get_weather'], 'It is sunny, 24 °C in Lisbon.'],
      ['Say it in Portuguese', ['translator'], 'In Portuguese: [pt] sunny'],
    ])
    const evalSet = addEvalCase({ evalSetId: 'recorded_set', evalCases: [] }, evalCase)
    expect(() => addEvalCase(evalSet, evalCase)).toThrow('eval set recorded_set already has a case "recorded"')
    try {
      addEvalCase(evalSet, evalCase)
    } catch (error) {
      expect(ConfigError.isInstance(error) && error.issues[0]?.code).toBe('eval_case_duplicate')
    }
    const result = await expectEvalSet({ agent: weatherTree().root, evalSet })
    expect(result.evalCaseResults[0]?.finalEvalStatus).toBe('PASSED')
  })
})
