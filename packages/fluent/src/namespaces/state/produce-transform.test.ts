import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/core'
import { Agent } from '../../builders/workflow-factories.js'
import * as S from './index.js'

describe('S.produce (an Immer draft of the state)', () => {
  it('returns only the top-level keys the recipe changed, and never mutates its input', async () => {
    const state = Object.freeze({ items: Object.freeze(['eggs']), count: 1, untouched: { deep: true }, tmp: 'x' })
    const delta = await S.produce((draft) => {
      ;(draft['items'] as string[]).push('milk')
      draft['count'] = (draft['count'] as number) + 1
      delete draft['tmp']
    }).apply(state)
    expect(delta).toEqual({ items: ['eggs', 'milk'], count: 2, tmp: null })
    expect(state.items).toEqual(['eggs'])
    expect(Object.isFrozen(delta['items'])).toBe(false)
  })

  it('a recipe that changes nothing yields an empty delta', async () => {
    expect(await S.produce(() => {}).apply({ a: 1 })).toEqual({})
  })

  it('runs as a pipeline step whose event carries the minimal delta', async () => {
    const flow = Agent('shopper')
      .mock(['Added.'])
      .then(S.produce((draft) => void (draft['cart'] as string[]).push('milk')))
    const deltas: Record<string, unknown>[] = []
    for await (const event of flow.events('buy milk', { state: { cart: ['eggs'], budget: 10 } })) {
      if (Object.keys(event.actions.stateDelta).length > 0) deltas.push({ ...event.actions.stateDelta })
    }
    expect(deltas).toEqual([{ cart: ['eggs', 'milk'] }])
  })

  it('rejects a recipe that is not a function, or that returns a value, with a path and a hint', async () => {
    const issue = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        if (ConfigError.isConfigError(error)) return error.issues[0]
      }
      return undefined
    }
    expect(issue(() => S.produce('x' as never))).toMatchObject({
      path: ['S.produce()', 'recipe'],
      hint: expect.stringContaining('S.produce((draft)'),
    })
    await expect(async () => S.produce((() => ({ a: 1 })) as never).apply({})).rejects.toThrow('return nothing')
  })
})
