// Typed data flow: each rule of the contract checker's state reads, as the compiler sees it. Every `@ts-expect-error`
// marks the line the compiler must reject; every other line must compile.
import { expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import * as S from '../namespaces/state/index.js'
import type { FluentTypeError } from '../namespaces/shared/state-flow.js'
import type { TemplateRequiredKeys } from '../namespaces/shared/template-keys.js'
import { Agent, FanOut, Loop, Pipeline, Route } from './workflow-factories.js'

const writer = Agent('writer').instruct('Write about {topic}.').writes('draft')

it('parses {key} templates of string literals at the type level', () => {
  expectTypeOf<TemplateRequiredKeys<'Write about {topic} for {audience}.'>>().toEqualTypeOf<'topic' | 'audience'>()
  expectTypeOf<TemplateRequiredKeys<'Optional {tone?} and { spaced }.'>>().toEqualTypeOf<'spaced'>()
  expectTypeOf<TemplateRequiredKeys<'Literal {{braces}} and {not a key} and {"json": 1}.'>>().toEqualTypeOf<never>()
  expectTypeOf<TemplateRequiredKeys<'Scoped {app:theme} {user:name} {temp:scratch} {artifact.report}'>>().toEqualTypeOf<
    'app:theme' | 'user:name' | 'temp:scratch'
  >()
  expectTypeOf<TemplateRequiredKeys<string>>().toEqualTypeOf<never>()
})

it('accepts keys written by an earlier step or declared initial', () => {
  Pipeline('flow').initialState('topic').step(writer).step(Agent('critic').instruct('Review {draft}.').reads('draft'))
  Pipeline('flow')
    .initialState('topic')
    .step(S.set({ tone: 'formal' }))
    .step(S.capture('question'))
    .step(S.default({ audience: 'everyone' }))
    .step(Agent('a').instruct('Answer {question} for {audience} in a {tone} tone about {topic}.'))
  writer.then(Agent('critic').instruct('Review {draft}.')).initialState('topic')
})

it('rejects a read of a key neither initial nor written before, naming the key', () => {
  Pipeline('flow')
    .initialState('topic')
    .step(writer)
    // @ts-expect-error state key 'drfat' is not written before this step
    .step(Agent('critic').instruct('Review {drfat}.'))
  Pipeline('flow')
    .initialState('topic')
    .step(writer)
    // @ts-expect-error .reads() keys count too
    .step(Agent('critic').reads('drfat'))
  // @ts-expect-error declared after the steps: the undeclared read is reported at .initialState()
  writer.then(Agent('critic').instruct('Review {notes}.')).initialState('topic')
  // @ts-expect-error an agent's own template, with initial state declared on it
  Agent('writer').instruct('Write about {topic} for {audience}.').initialState('topic')
  const step = Pipeline('flow').initialState('topic').step(writer)
  type Parameter = Parameters<typeof step.step<ReturnType<typeof Agent>>>[0]
  expectTypeOf<Parameter>().toEqualTypeOf<ReturnType<typeof Agent>>()
  const critic = Agent('critic').instruct('Review {drfat}.')
  type Rejected = Parameters<typeof step.step<typeof critic>>[0]
  expectTypeOf<Rejected>().toEqualTypeOf<
    FluentTypeError<"state key 'drfat' is not written before this step; write it in an earlier step or add it to .initialState(...)">
  >()
})

it('compiles without .initialState(): the runtime rule makes it a warning', () => {
  Pipeline('flow').step(Agent('critic').instruct('Review {drfat}.'))
  Agent('critic').instruct('Review {draft}.').then(Agent('next').reads('anything'))
})

it('rejects a key written only after its reader, with or without initial state', () => {
  // @ts-expect-error state key 'draft' is read by an earlier step but written only by this step
  Agent('critic').instruct('Review {draft}.').then(Agent('writer').writes('draft'))
  // @ts-expect-error the same for a .reads() key
  Pipeline('flow').step(Agent('critic').reads('draft')).step(Agent('writer').writes('draft'))
})

it('treats {key?}, app:/user: keys, run-time strings and function steps as the runtime checker does', () => {
  Pipeline('flow').initialState().step(Agent('a').instruct('Maybe {notes?}.'))
  Pipeline('flow').initialState().step(Agent('a').instruct('Hello {user:name}, theme {app:theme}.'))
  const runtime: string = `Review {${'draft'}}.`
  Pipeline('flow').initialState().step(Agent('a').instruct(runtime))
  const key: string = 'draft'
  Pipeline('flow').initialState().step(Agent('a').reads(key))
  // A plain function's writes are unknown: later reads are not errors (the checker reports an info).
  Pipeline('flow')
    .initialState()
    .step(() => ({ draft: 'x' }))
    .step(Agent('critic').instruct('Review {draft}.'))
  // A Route's branches are not tracked: it may write any key, like a function step.
  Pipeline('flow')
    .initialState()
    .step(Route('intent').eq('a', Agent('a').writes('answer')).otherwise(Agent('b')))
    .step(Agent('show').instruct('Show {answer}.'))
  // @ts-expect-error temp: keys are per-invocation state, checked like any other
  Pipeline('flow').initialState().step(Agent('a').instruct('Use {temp:scratch}.'))
})

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

it('types the values: .returns(schema).writes(key), S.set, S.compute and function steps', () => {
  const Intent = z.object({ category: z.enum(['billing', 'other']) })
  const flow = Pipeline('flow')
    .step(Agent('classifier').returns(Intent).writes('intent'))
    .step(S.compute({ size: () => 3 }))
    .step((state) => {
      expectTypeOf(state.intent).toEqualTypeOf<{ category: 'billing' | 'other' }>()
      expectTypeOf(state.size).toEqualTypeOf<number>()
      return { category: state.intent.category }
    })
  type Written = NonNullable<(typeof flow)['~flow']>['writes']
  expectTypeOf<Written['intent']>().toEqualTypeOf<{ category: 'billing' | 'other' }>()
  const answer = Pipeline('flow').step(writer).step(Agent('classifier').returns(Intent)).ask('q')
  expectTypeOf(answer).toEqualTypeOf<Promise<{ category: 'billing' | 'other' }>>()
  expectTypeOf(writer.then(Agent('classifier').returns(Intent)).ask('q')).toEqualTypeOf<
    Promise<{ category: 'billing' | 'other' }>
  >()
})
