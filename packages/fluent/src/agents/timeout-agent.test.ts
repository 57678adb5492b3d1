import { describe, expect, it } from 'vitest'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../builders/workflow-factories.js'
import { timeout } from '../builders/flow-helpers.js'
import { AgentTimeoutError } from './agent-timeout-error.js'
import { sleep } from './run-builder.test-helper.js'

describe('timeout', () => {
  const slow = Agent('slow').model(new ScriptedLlm(['late'], { delayMs: 200 }))

  it('fails with an error naming the agent when it takes too long', async () => {
    const error = await timeout(slow, 20)
      .ask('q')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AgentTimeoutError)
    expect(error).toMatchObject({
      code: 'MAX_TURNS',
      agentName: 'slow',
      milliseconds: 20,
      message:
        'Agent "slow" did not finish within its 20 ms timeout and was cancelled. Raise the limit in timeout(agent, ms), or make the agent do less.',
    })
    await sleep(10)
  })

  it('passes the events of an agent that finishes in time', async () => {
    expect(await timeout(Agent('quick').mock(['ok']), 1000).ask('q')).toBe('ok')
  })

  it('lets a fallback take over after a timeout', async () => {
    expect(
      // A model of its own: the first test used up the shared one's reply (a ConfigError no fallback catches).
      await timeout(Agent('slow').model(new ScriptedLlm(['late'], { delayMs: 200 })), 20)
        .fallback(Agent('backup').mock(['backup answer']))
        .ask('q'),
    ).toBe('backup answer')
  })
})
