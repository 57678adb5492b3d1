import { describe, expect, it } from 'vitest'
import { Agent, ConfigError } from '@adk-fluent/fluent'
import { conditional } from './conditional.js'
import { runFlow } from './run-flow.test-helper.js'

function authors(events: readonly { readonly author: string; readonly content?: unknown }[]) {
  return events.filter((event) => event.content).map((event) => event.author)
}

describe('conditional', () => {
  it('routes on the truthiness of a state key', async () => {
    const flow = () =>
      conditional({
        when: 'needs_review',
        then: Agent('reviewer').mock(['reviewed']),
        otherwise: Agent('publisher').mock(['published']),
      })
    expect(authors((await runFlow(flow(), { state: { needs_review: true } })).events)).toEqual(['reviewer'])
    expect(authors((await runFlow(flow(), { state: { needs_review: '' } })).events)).toEqual(['publisher'])
    expect(authors((await runFlow(flow())).events)).toEqual(['publisher'])
  })

  it('records a predicate decision in state, then routes on it', async () => {
    const flow = () =>
      conditional({
        when: (state) => Number(state['amount']) > 1000,
        then: Agent('approver').mock(['needs approval']),
        otherwise: Agent('auto_approve').mock(['approved automatically']),
        key: 'large_amount',
      })
    const large = await runFlow(flow(), { state: { amount: 5000 } })
    expect(authors(large.events)).toEqual(['approver'])
    expect(large.state['large_amount']).toBe(true)
    const small = await runFlow(flow(), { state: { amount: 20 } })
    expect(authors(small.events)).toEqual(['auto_approve'])
    expect(small.state['large_amount']).toBe(false)
    expect(flow().node.name).toBe('if_approver')
  })

  it('keeps the decision in a temp: key by default, and runs nothing on false without otherwise', async () => {
    const yes = conditional({ when: async () => true, then: Agent('approver').mock(['approve?']) })
    const accepted = await runFlow(yes)
    expect(authors(accepted.events)).toEqual(['approver'])
    expect(accepted.state).not.toHaveProperty('temp:condition')
    const no = conditional({ when: () => false, then: Agent('approver').mock([]) })
    expect(authors((await runFlow(no)).events)).toEqual([])
  })

  it('rejects a missing step or a bad condition', () => {
    expect(() => conditional({ when: 'x' } as never)).toThrow(
      new ConfigError([
        {
          code: 'option_missing',
          path: ['conditional', 'then'],
          message: 'the step to run is missing.',
          hint: "Pass one, for example then: Agent('reviewer').",
        },
      ]),
    )
    expect(() => conditional({ when: 42 as never, then: Agent('a') })).toThrow(
      'conditional.when: must be a state key or a predicate',
    )
    expect(() => conditional({ when: 'not a key', then: Agent('a') })).toThrow(
      'conditional.when: "not a key" (string) is not a valid state key',
    )
    expect(() => conditional({ when: 'x', then: Agent('a'), otherwise: 7 as never })).toThrow(
      'conditional.otherwise: 7 (number) is not a step',
    )
  })
})
