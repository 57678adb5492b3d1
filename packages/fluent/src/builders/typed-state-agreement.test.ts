// The runtime contract checker and the compile-time state types agree: each case is built for real and checked with
// check(); a case whose flow has an error-level state-read issue carries `@ts-expect-error` on the line the compiler
// rejects (tsc fails on an unused directive), and every other case compiles — so `pnpm test` (tsc + vitest) fails
// as soon as the two disagree.
import { describe, expect, it } from 'vitest'
import * as S from '../namespaces/state/index.js'
import type { FlowBuilder } from './flow-builder.js'
import { Agent, FanOut, Loop, Pipeline } from './workflow-factories.js'

interface Case {
  readonly name: string
  readonly flow: () => FlowBuilder
  readonly error: boolean
}

const writer = Agent('writer').instruct('Write about {topic}.').writes('draft')

const cases: Case[] = [
  {
    name: 'a read written by an earlier step',
    flow: () => Pipeline('flow').initialState('topic').step(writer).step(Agent('critic').instruct('Review {draft}.')),
    error: false,
  },
  {
    name: 'a read of a key neither initial nor written, initial state declared',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(writer)
        // @ts-expect-error state key 'drfat' is not written before this step
        .step(Agent('critic').instruct('Review {drfat}.')),
    error: true,
  },
  {
    name: 'the same without initial state (a warning)',
    flow: () => Pipeline('flow').step(writer).step(Agent('critic').instruct('Review {drfat}.')),
    error: false,
  },
  {
    name: 'a key written only after its reader',
    // @ts-expect-error state key 'draft' is read by an earlier step but written only by this step
    flow: () => Agent('critic').instruct('Review {draft}.').then(Agent('w').writes('draft')),
    error: true,
  },
  {
    name: 'S transforms write keys',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(S.set({ tone: 'formal' }))
        .step(S.compute({ length: () => 3 }))
        .step(Agent('w').instruct('Write {length} words about {topic} in a {tone} tone.').writes('draft'))
        .step(S.rename({ draft: 'text' }))
        .step(Agent('critic').instruct('Review {text}.')),
    error: false,
  },
  {
    name: 'an optional {key?} and a persistent user: key',
    flow: () => Pipeline('flow').initialState().step(Agent('a').instruct('Hi {user:name}, notes: {notes?}.')),
    error: false,
  },
  {
    name: 'after a plain function step (opaque writes: an info)',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(function prepare() {
          return { draft: 'x' }
        })
        .step(Agent('critic').instruct('Review {draft}.')),
    error: false,
  },
  {
    name: "a FanOut branch reading a sibling's key",
    flow: () =>
      Pipeline('flow')
        .initialState()
        // @ts-expect-error state key 'x' is not written before this step (a sibling's write is not seen)
        .step(FanOut('pair').branch(Agent('a').writes('x')).branch(Agent('b').reads('x'))),
    error: true,
  },
  {
    name: 'a FanOut branch reading a key written before the fan-out (a sibling writes it too)',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Agent('first').writes('x'))
        .step(FanOut('pair').branch(Agent('a').writes('x')).branch(Agent('b').reads('x'))),
    error: false,
  },
  {
    name: 'a Loop .reads() key written later in the body (an info)',
    flow: () =>
      Loop('refine')
        .step(Agent('w').instruct('Improve.').reads('feedback').writes('draft'))
        .step(Agent('critic').reads('draft').writes('feedback'))
        .maxIterations(3),
    error: false,
  },
  {
    name: 'a Loop {key} written later in the body (the first iteration fails)',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(
          // @ts-expect-error a required {feedback} before its writer, and nothing before the loop writes it
          Loop('refine')
            .step(Agent('w').instruct('Improve using {feedback}.').writes('draft'))
            .step(Agent('critic').reads('draft').writes('feedback'))
            .maxIterations(3),
        ),
    error: true,
  },
  {
    name: 'a review loop: {draft} read before its rewriter in the body, written before the loop',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(Agent('writer').instruct('Write about {topic}.').writes('draft'))
        .step(
          Loop('refine')
            .step(Agent('critic').instruct('Critique {draft}.').writes('feedback'))
            .step(Agent('reviser').instruct('Revise {draft} using {feedback}.').writes('draft'))
            .maxIterations(2),
        ),
    error: false,
  },
]

describe('typed data flow agrees with the runtime checker', () => {
  it.each(cases)('$name', ({ flow, error }) => {
    const errors = flow()
      .check()
      .filter((issue) => issue.level === 'error')
    expect(errors.length > 0).toBe(error)
  })
})
