import { describe, expect, it } from 'vitest'
import { Agent, FanOut, Fallback, Loop, Pipeline, Route } from '../builders/workflow-factories.js'
import { race, tap } from '../builders/flow-helpers.js'
import * as fluent from '../index.js'

describe('introspection methods on every builder', () => {
  const builders = {
    agent: Agent('a').instruct('Hi {name}.'),
    pipeline: Pipeline('p').step(Agent('a')).step(Agent('b')),
    fanOut: FanOut('f').branch(Agent('a')).branch(Agent('b')),
    loop: Loop('l').step(Agent('a')).maxIterations(2),
    fallback: Fallback('fb').attempt(Agent('a')).attempt(Agent('b')),
    route: Route('k').eq(1, Agent('a')).otherwise(Agent('b')),
    helper: race(Agent('a'), Agent('b')),
    step: tap(() => undefined),
  }

  it.each(Object.entries(builders))(
    '%s: every view returns text or issues without building',
    async (_kind, builder) => {
      for (const view of [
        builder.dataFlow(),
        builder.llmAnatomy(),
        builder.explain(),
        builder.toMermaid(),
        builder.toAscii(),
      ]) {
        expect(typeof view).toBe('string')
        expect(view.length).toBeGreaterThan(0)
      }
      expect(Array.isArray(builder.check())).toBe(true)
      expect(builder.explain({ format: 'json' }).name).toBe(builder.node.name)
      expect(typeof (await builder.llmAnatomy({ state: { k: 1, name: 'Ada' } }))).toBe('string')
    },
  )

  it('initialState() returns a new builder of the same kind and leaves the receiver unchanged', () => {
    const pipeline = Pipeline('p').step(Agent('a').instruct('{topic}'))
    const declared = pipeline.initialState('topic').initialState('topic', 'tone')
    expect(declared.node.initialState).toEqual(['topic', 'tone'])
    expect(Object.isFrozen(declared.node)).toBe(true)
    expect(pipeline.node.initialState).toBeUndefined()
    expect(declared.step(Agent('b')).node.steps).toHaveLength(2)
    expect(declared.times(2).node.steps[0]?.initialState).toEqual(['topic', 'tone'])
    expect(
      declared
        .times(2)
        .check()
        .filter((issue) => issue.level !== 'info'),
    ).toEqual([])
    expect(Agent('a').initialState('x').writes('y').node).toMatchObject({ initialState: ['x'], writes: 'y' })
    expect(() => Agent('a').initialState('not a key')).toThrow(fluent.ConfigError)
  })

  it('exports the introspection types and previewLlmCalls from the package root', async () => {
    const previews = await fluent.previewLlmCalls(Agent('a').instruct('Hi {name}.').isolate().node, {
      state: { name: 'Ada' },
    })
    expect(
      previews.calls.map((preview) => [preview.agent, preview.path, preview.request.config.systemInstruction]),
    ).toEqual([['a', ['a'], 'Hi Ada.']])
  })
})
