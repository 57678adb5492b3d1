import { expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { BaseAgent, Event, LlmAgent, LoopAgent, ParallelAgent, SequentialAgent } from '@adk-fluent/core'
import { Agent, FanOut, Loop, Pipeline, Route } from './workflow-factories.js'
import { race } from './flow-helpers.js'

it('types what ask() returns: text, or the .returns() schema output', () => {
  expectTypeOf(Agent('a').ask('q')).toEqualTypeOf<Promise<string>>()
  const classifier = Agent('a').returns(z.object({ intent: z.enum(['billing', 'other']) }))
  expectTypeOf(classifier.ask('q')).toEqualTypeOf<Promise<{ intent: 'billing' | 'other' }>>()
  expectTypeOf(classifier.writes('intent').ask('q')).toEqualTypeOf<Promise<{ intent: 'billing' | 'other' }>>()
  expectTypeOf(Agent('a').then(Agent('b')).ask('q')).toEqualTypeOf<Promise<string>>()
})

it('types build() as the core agent each builder lowers to', () => {
  expectTypeOf(Agent('a').build()).toEqualTypeOf<LlmAgent>()
  expectTypeOf(Pipeline('p').build()).toEqualTypeOf<SequentialAgent>()
  expectTypeOf(FanOut('f').build()).toEqualTypeOf<ParallelAgent>()
  expectTypeOf(Loop('l').build()).toEqualTypeOf<LoopAgent>()
  expectTypeOf(Route('k').build()).toEqualTypeOf<BaseAgent>()
  expectTypeOf(race(Agent('a'), Agent('b')).events('q')).toEqualTypeOf<AsyncGenerator<Event, void, undefined>>()
})

it('rejects misuse at the argument', () => {
  // @ts-expect-error a state key is a string
  Agent('a').writes(42)
  // @ts-expect-error .reads(keys, options) takes a list of keys
  Agent('a').reads('x', { keepHistory: true })
  // @ts-expect-error a step is a builder, a transform, an operation or a function
  Pipeline('p').step(42)
  // @ts-expect-error the iteration count is a number
  Loop('l').maxIterations('3')
})
