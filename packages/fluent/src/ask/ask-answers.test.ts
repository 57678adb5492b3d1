import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { ToolRetriesExceededError } from '@adk-fluent/core'
import { call } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import * as T from '../namespaces/tools/index.js'

describe('.ask() answers', () => {
  it('a pipeline whose last agent has .returns(schema) resolves to the parsed object', async () => {
    const schema = z.object({ category: z.string() })
    const classify = Agent('classify').mock(['{"category":"billing"}']).returns(schema)
    const pipeline = Pipeline('p')
      .step(Agent('first').mock(['noted']))
      .step(classify)
    const answer = await pipeline.ask('q')
    expectTypeOf(answer).toEqualTypeOf<{ category: string }>()
    expect(answer).toEqual({ category: 'billing' })
    expect(pipeline.step(Agent('last').mock(['text'])).node.steps).toHaveLength(3)
    expect(
      await Pipeline('p')
        .step(classify)
        .step(Agent('last').mock(['plain']))
        .ask('q'),
    ).toBe('plain')
  })

  it('.toolRetries(n) bounds invalid tool calls; .ask() rejects with TOOL_RETRIES_EXCEEDED', async () => {
    const add = T.fn(({ x }: { x: number }) => x + 1, { name: 'add', parameters: z.object({ x: z.number() }) })
    const bad = call('add', { x: 'one' })
    const agent = Agent('calc').tools(add).toolRetries(1).mock([bad, bad, bad, 'never'])
    expect(agent.build().maxToolRetries).toBe(1)
    const error = await agent.ask('q').catch((caught: unknown) => caught)
    expect(ToolRetriesExceededError.isInstance(error)).toBe(true)
    expect((error as ToolRetriesExceededError).code).toBe('TOOL_RETRIES_EXCEEDED')
    expect(() => Agent('calc').toolRetries(-1)).toThrow('the number of retries must be a whole number >= 0')
  })
})
