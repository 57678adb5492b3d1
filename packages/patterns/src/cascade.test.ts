import { describe, expect, it } from 'vitest'
import { Agent, ConfigError, Fallback } from '@adk-fluent/fluent'
import { cascade } from './cascade.js'
import { runFlow } from './run-flow.test-helper.js'

describe('cascade', () => {
  it('answers with the first agent that does not fail, in order', async () => {
    const flow = cascade(
      Agent('fast').mock([new Error('fast model is overloaded')]),
      Agent('careful').mock(['careful answer']).writes('answer'),
      Agent('last_resort').mock(['never used']),
    )
    expect(flow.node.name).toBe('fast_or_careful_or_last_resort')
    const { events, state } = await runFlow(flow)
    expect(events.map((event) => event.author)).toEqual(['careful'])
    expect(state['answer']).toBe('careful answer')
  })

  it("ends with the last agent's failure when every agent fails, and keeps composing", async () => {
    const flow = cascade(Agent('a').mock([new Error('a is down')]), Agent('b').mock([new Error('b is down')]))
    const { events } = await runFlow(flow)
    expect(events.map((event) => [event.author, event.errorMessage])).toEqual([
      ['b', expect.stringContaining('b is down')],
    ])
    expect(flow.fallback(Fallback('more').attempt(Agent('c'))).node.attempts).toHaveLength(3)
  })

  it('needs at least two agents, each a step', () => {
    expect(() => cascade(Agent('only'))).toThrow(
      new ConfigError([
        {
          code: 'items_missing',
          path: ['cascade', 'agents'],
          message: 'needs at least two agents, got 1.',
          hint: "Pass two or more, for example cascade(Agent('fast'), Agent('careful')).",
        },
      ]),
    )
    try {
      cascade(Agent('a'), 42 as never)
      throw new Error('expected a ConfigError')
    } catch (error) {
      if (!ConfigError.isConfigError(error)) throw error
      expect(error.issues[0]?.path).toEqual(['cascade', 'agents', 1])
      expect(error.issues[0]?.message).toContain('42 (number) is not a step')
    }
  })
})
