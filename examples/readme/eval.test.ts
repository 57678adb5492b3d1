import { fileURLToPath } from 'node:url'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { it } from 'vitest'
import { offlineReply } from '../weather-agent/eval/agent.js'
import { createWeatherAgent } from '../weather-agent/index.js'

const file = (name: string) => fileURLToPath(new URL(`../weather-agent/eval/${name}`, import.meta.url))
const scripted = () => new ScriptedLlm(Array.from({ length: 200 }, () => offlineReply))
const model = scripted()
const judgeModel = scripted()

// #region eval
import { expectEvalSet, readEvalConfigFile, readEvalSetFile } from '@adk-fluent/eval'

it('keeps the weather agent at its scores', async () => {
  // The files ADK users already have; any BaseLlm as the agent's model and as the judge.
  await expectEvalSet({
    agent: createWeatherAgent(model),
    evalSet: readEvalSetFile(file('weather.evalset.json')),
    config: readEvalConfigFile(file('test_config.json')),
    judge: judgeModel,
  })
  // A case below a threshold fails the test with what was expected and what the agent did, per invocation.
})
// #endregion eval
