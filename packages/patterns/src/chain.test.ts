import { describe, expect, it } from 'vitest'
import { Agent, ConfigError, S } from '@adk-fluent/fluent'
import { chain } from './chain.js'
import { reply, runFlow, type SeenRequest } from './run-flow.test-helper.js'

describe('chain', () => {
  it('runs builders, S transforms and functions in order, each seeing the state the earlier ones left', async () => {
    const writes: SeenRequest[] = []
    const normalize = (state: Readonly<Record<string, unknown>>) => ({ notes: String(state['notes']).toUpperCase() })
    const flow = chain(
      Agent('researcher').mock(['  three facts  ']).writes('notes'),
      S.transform('notes', (notes) => String(notes).trim()),
      normalize,
      Agent('writer')
        .instruct('Write from the notes.')
        .reads('notes')
        .mock([reply(writes, 'article')])
        .writes('article'),
    )
    expect(flow.node.name).toBe('researcher_then_transform_notes_then_normalize_then_writer')
    const { state } = await runFlow(flow)
    expect(state).toMatchObject({ notes: 'THREE FACTS', article: 'article' })
    expect(writes[0]?.system).toContain('[notes]: THREE FACTS')
  })

  it('needs at least two steps, each a step', () => {
    expect(() => chain(Agent('only'))).toThrow('chain.steps: needs at least two steps, got 1.')
    try {
      chain(Agent('a'), Agent('b'), 'c' as never)
      throw new Error('expected a ConfigError')
    } catch (error) {
      if (!ConfigError.isConfigError(error)) throw error
      expect(error.issues[0]?.path).toEqual(['chain', 'steps', 2])
    }
  })
})
