import { describe, expect, it } from 'vitest'
import * as fluent from './index.js'

describe('public surface', () => {
  it('exports the builders, helpers and namespaces of API §2', () => {
    for (const name of [
      'Agent',
      'Pipeline',
      'FanOut',
      'Loop',
      'Fallback',
      'Route',
      'tap',
      'expect',
      'mapOver',
      'race',
      'gate',
      'timeout',
    ]) {
      expect(typeof (fluent as Record<string, unknown>)[name]).toBe('function')
    }
    for (const name of ['P', 'C', 'S', 'T', 'A'])
      expect(typeof (fluent as Record<string, unknown>)[name]).toBe('object')
  })

  it('composes builders and namespaces from the package root into a run', async () => {
    const { Agent, S, P } = fluent
    const flow = Agent('writer')
      .instruct(P.task('Write about {topic}.'))
      .mock(['A draft.'])
      .writes('draft')
      .then(S.compute({ words: (state) => String(state['draft']).split(' ').length }))
      .then(Agent('critic').mock(['Fine.']).reads('draft', 'words'))
    expect(await flow.ask('go', { state: { topic: 'cats' } })).toBe('Fine.')
  })
})
