import { describe, expect, it } from 'vitest'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import { race } from '../builders/flow-helpers.js'
import { runBuilder, sleep } from './run-builder.test-helper.js'

describe('race', () => {
  it('yields only the winner’s events: the loser leaves no trace in history or state', async () => {
    const slow = Agent('slow')
      .model(new ScriptedLlm(['slow answer'], { delayMs: 60 }))
      .writes('answer')
      .isolate()
    const fast = Agent('fast')
      .model(new ScriptedLlm(['fast answer'], { delayMs: 5 }))
      .writes('answer')
      .isolate()
    const { events, state, runner } = await runBuilder(race(slow, fast))
    expect(events.map((event) => [event.author, event.content?.parts?.[0]?.text])).toEqual([['fast', 'fast answer']])
    expect(state['answer']).toBe('fast answer')
    await sleep(80)
    const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'user', sessionId: 's1' })
    expect(session?.events.map((event) => event.author)).toEqual(['user', 'fast'])
    expect(session?.state['answer']).toBe('fast answer')
  })

  it('lets a racer take several model steps on its own copy of the history', async () => {
    function lookup() {
      return { found: true }
    }
    const toolUser = Agent('tool_user')
      .model(new ScriptedLlm([call('lookup', {}), 'found it']))
      .tool(lookup)
      .isolate()
    const sleeper = Agent('sleeper')
      .model(new ScriptedLlm(['zzz'], { delayMs: 50 }))
      .isolate()
    const { events } = await runBuilder(race(sleeper, toolUser))
    expect(events.map((event) => event.author)).toEqual(['tool_user', 'tool_user', 'tool_user'])
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('found it')
  })

  it('lets the other racer win when one fails, and keeps the last failure when all fail', async () => {
    const broken = Pipeline('broken').step(() => {
      throw new Error('broken racer')
    })
    const fine = Agent('fine').model(new ScriptedLlm(['fine'], { delayMs: 10 }))
    expect(await race(broken, fine).ask('q')).toBe('fine')
    const down = Agent('down').model(new ScriptedLlm([new Error('model down')], { delayMs: 10 }))
    const { events } = await runBuilder(race(broken, down))
    expect(events.map((event) => [event.author, event.errorMessage])).toEqual([['down', 'model down']])
    const alsoBroken = Pipeline('also_broken').step(async () => {
      await sleep(5)
      throw new Error('last to fail')
    })
    await expect(race(broken, alsoBroken).ask('q')).rejects.toThrow('last to fail')
  })
})
