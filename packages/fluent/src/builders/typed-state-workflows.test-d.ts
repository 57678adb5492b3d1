// Typed data flow through workflows (FanOut, Loop, Route, Fallback, RemoteAgent), as the compiler sees it; agent-level
// reads are in typed-state.test-d.ts. Every `@ts-expect-error` marks the line the compiler must reject; every other
// line must compile.
import { expectTypeOf, it } from 'vitest'
import * as S from '../namespaces/state/index.js'
import { createRemoteAgentBuilder, type RemoteAgentFields } from './remote-agent-factory.js'
import { Agent, Fallback, FanOut, Loop, Pipeline, Route } from './workflow-factories.js'

const remoteFields: RemoteAgentFields = {
  protocol: 'test',
  url: 'http://127.0.0.1:1/',
  lower: () => {
    throw new Error('not built in type tests')
  },
}

it("keeps FanOut branches apart: a branch does not see a sibling's writes", () => {
  FanOut('research').branch(Agent('web').writes('web')).branch(Agent('papers').writes('papers'))
  const flow = Pipeline('flow').initialState()
  // @ts-expect-error state key 'x' is not written before this step: a sibling's write is not seen
  flow.step(FanOut('pair').branch(Agent('a').writes('x')).branch(Agent('b').reads('x')))
  // @ts-expect-error either order
  flow.step(FanOut('pair').branch(Agent('b').instruct('Use {x}.')).branch(Agent('a').writes('x')))
  // Written before the fan-out: every branch sees it, whatever a sibling writes.
  flow
    .step(Agent('first').writes('x'))
    .step(FanOut('pair').branch(Agent('a').writes('x')).branch(Agent('b').reads('x')))
  Pipeline('flow')
    .initialState()
    .step(FanOut('fan').branch(Agent('a').writes('a')).branch(Agent('b').writes('b')))
    .step(Agent('merge').instruct('Merge {a} and {b}.'))
})

it('applies the first-iteration rule in a Loop', () => {
  // A .reads() key written later in the loop is present from the second iteration on: allowed.
  Loop('refine')
    .step(Agent('writer').instruct('Improve.').reads('feedback').writes('draft'))
    .step(Agent('critic').reads('draft').writes('feedback'))
    .maxIterations(3)
  const body = Loop('refine')
    .step(Agent('writer').instruct('Improve using {feedback}.').writes('draft'))
    .step(Agent('critic').reads('draft').writes('feedback'))
  // The loop alone cannot know what comes before it: a required {feedback} before its writer stays a read of the
  // loop, and the pipeline it joins checks it (the first iteration fails unless something before writes it).
  // @ts-expect-error state key 'feedback' is not written before this step
  Pipeline('flow').initialState().step(body)
  Pipeline('flow').initialState().step(Agent('first').writes('feedback')).step(body)
  // The classic review loop: the draft is written before the loop, read by the critic before the reviser rewrites it.
  Pipeline('flow')
    .initialState('topic')
    .step(Agent('writer').instruct('Write about {topic}.').writes('draft'))
    .step(
      Loop('refine')
        .step(Agent('critic').instruct('Critique {draft}.').writes('feedback'))
        .step(Agent('reviser').instruct('Revise {draft} using {feedback}.').writes('draft'))
        .maxIterations(2),
    )
  Loop('refine')
    .step(Agent('writer').instruct('Improve using {feedback?}.').writes('draft'))
    .step(Agent('critic').reads('draft').writes('feedback'))
})

it('types a Route: it reads its key; each target sees the state before it; after it, what any target writes', () => {
  const flow = Pipeline('flow').initialState('topic')
  // @ts-expect-error state key 'intent' is not written before this step: the route's own key
  flow.step(Route('intent').eq('a', Agent('a')))
  const classified = flow.step(Agent('classifier').writes('intent'))
  classified
    .step(Route('intent').eq('billing', Agent('billing').writes('answer')).otherwise(Agent('other').writes('answer')))
    .step(Agent('show').instruct('Show {answer}.'))
  // The checker's rule: a key one target writes is available after the route.
  classified
    .step(Route('intent').eq('billing', Agent('billing').writes('refund')).otherwise(Agent('other')))
    .step(Agent('show').instruct('Show {refund}.'))
  // @ts-expect-error state key 'answr' is not written before this step
  classified.step(Route('intent').eq('a', Agent('a').writes('answer'))).step(Agent('show').instruct('Show {answr}.'))
  // @ts-expect-error a target reads a key nothing before the route writes
  classified.step(Route('intent').eq('a', Agent('a').instruct('Use {draft}.')))
  // @ts-expect-error a target does not see another target's writes
  classified.step(Route('intent').eq('a', Agent('a').writes('x')).gt(2, Agent('b').reads('x')))
  classified.step(Route('intent').when((state) => state['intent'] === 'a', Agent('a').reads('topic')))
  // A function target may write any key.
  classified.step(Route('intent').otherwise(() => ({ answer: 'x' }))).step(Agent('show').instruct('Show {answer}.'))
  // Typed values: a key some target leaves unwritten may be absent.
  const routed = Pipeline('flow').step(
    Route('intent')
      .eq('a', S.set({ size: 3 }))
      .otherwise(S.set({ size: 'big' })),
  )
  type Written = NonNullable<(typeof routed)['~flow']>['writes']
  expectTypeOf<Written['size']>().toEqualTypeOf<number | string | undefined>()
  // Without initial state it compiles.
  Pipeline('flow').step(Route('intent').eq('a', Agent('a').instruct('Use {draft}.')))
  // Route(key) with initial state declared on it.
  Route('intent').eq('a', Agent('a')).initialState('intent')
  // @ts-expect-error the route key is neither written nor initial
  Route('intent').eq('a', Agent('a')).initialState('topic')
})

it('types a RemoteAgent: .sends() keys are reads, .receives() keys writes', () => {
  const pricer = createRemoteAgentBuilder('pricer', remoteFields, 'RemoteAgent')
  const flow = Pipeline('shop').initialState('sku')
  flow.step(pricer.sends('sku').receives('price')).step(Agent('writer').instruct('Price: {price}.'))
  // @ts-expect-error state key 'quantity' is not written before this step
  flow.step(pricer.sends('sku', 'quantity'))
  // @ts-expect-error state key 'cost' is not written before this step
  flow.step(pricer.sends('sku').receives('price')).step(Agent('writer').instruct('Price: {cost}.'))
  flow.step(Agent('q').writes('quantity')).step(pricer.sends('sku', 'quantity'))
  const priced = flow.step(pricer.sends('sku').receives('price'))
  expectTypeOf<NonNullable<(typeof priced)['~flow']>['writes']['price']>().toEqualTypeOf<unknown>()
  // @ts-expect-error state key 'price' is read by an earlier step but written only by this step
  Pipeline('shop').step(Agent('a').reads('price')).step(pricer.receives('price'))
  // @ts-expect-error with initial state declared on it
  pricer.sends('sku').initialState('topic')
  pricer.sends('sku').initialState('sku')
  Pipeline('shop').step(pricer.sends('sku'))
})

it('checks a standalone Loop or FanOut with initial state like build(): the first-iteration rule, siblings', () => {
  // @ts-expect-error state key 'feedback' is not written before this step (first iteration)
  Loop('refine').initialState('topic').step(Agent('writer').instruct('Use {feedback}.').writes('draft'))
  Loop('refine')
    .initialState('topic')
    .step(Agent('writer').instruct('Write about {topic} using {feedback?}.').writes('draft'))
    .step(Agent('critic').instruct('Critique {draft}.').writes('feedback'))
    .maxIterations(3)
  Loop('refine')
    .initialState('topic')
    .step(Agent('writer').instruct('Write about {topic}.').reads('feedback').writes('draft'))
    .step(Agent('critic').instruct('Critique {draft}.').writes('feedback'))
    .maxIterations(3)
  FanOut('pair')
    .initialState()
    .branch(Agent('a').writes('x'))
    // @ts-expect-error state key 'x' is not written before this step: a sibling's write
    .branch(Agent('b').reads('x'))
  FanOut('pair').initialState('x').branch(Agent('a').writes('x')).branch(Agent('b').reads('x'))
})

it('types a Fallback like a Route without a key: attempts apart, what any attempt writes is written after', () => {
  const flow = Pipeline('flow').initialState('question')
  flow
    .step(
      Fallback('answer')
        .attempt(Agent('fast').instruct('Answer {question}.').writes('answer'))
        .attempt(() => ({})),
    )
    .step(Agent('show').instruct('Show {answer}.'))
  flow
    .step(Agent('fast').writes('answer').fallback(Agent('careful').writes('answer')))
    .step(Agent('show').instruct('Show {answer}.'))
  // @ts-expect-error state key 'draft' is not written before this step: an attempt reads it
  flow.step(Fallback('answer').attempt(Agent('fast').instruct('Use {draft}.')))
  // @ts-expect-error state key 'answr' is not written before this step
  flow.step(Agent('fast').writes('answer').fallback(Agent('careful'))).step(Agent('show').instruct('Show {answr}.'))
  // @ts-expect-error an attempt does not see another attempt's writes
  Fallback('answer').initialState().attempt(Agent('a').writes('x')).attempt(Agent('b').reads('x'))
  const done = Pipeline('flow').step(
    Fallback('f')
      .attempt(S.set({ n: 1 }))
      .attempt(S.set({ n: 'one' })),
  )
  expectTypeOf<NonNullable<(typeof done)['~flow']>['writes']['n']>().toEqualTypeOf<number | string | undefined>()
})
