// The runtime contract checker and the compile-time state types agree: each case is built for real and checked with
// check(); a case whose flow has an error-level state-read issue carries `@ts-expect-error` on the line the compiler
// rejects (tsc fails on an unused directive), and every other case compiles — so `pnpm test` (tsc + vitest) fails
// as soon as the two disagree.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as A from '../namespaces/artifacts/index.js'
import * as C from '../namespaces/context/index.js'
import * as P from '../namespaces/prompt/index.js'
import * as S from '../namespaces/state/index.js'
import type { FlowBuilder } from './flow-builder.js'
import { createRemoteAgentBuilder } from './remote-agent-factory.js'
import { Agent, Fallback, FanOut, Loop, Pipeline, Route } from './workflow-factories.js'

interface Case {
  readonly name: string
  readonly flow: () => FlowBuilder
  readonly error: boolean
}

const writer = Agent('writer').instruct('Write about {topic}.').writes('draft')
const pricer = createRemoteAgentBuilder(
  'pricer',
  {
    protocol: 'test',
    url: 'http://127.0.0.1:1/',
    lower: () => {
      throw new Error('never built: check() only')
    },
  },
  'RemoteAgent',
)
const Intent = z.object({ category: z.enum(['billing', 'other']) })
const Findings = z.object({ findings: z.string(), score: z.number() })
/** A key known only at run time (a plain `string` to the compiler). */
function runtimeKey(key: string): string {
  return key
}

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
  {
    name: 'P.template {key} of a key neither initial nor written',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        // @ts-expect-error state key 'draft' is not written before this step
        .step(Agent('a').instruct(P.role('You review.').add(P.template('Review {draft} about {topic}.')))),
    error: true,
  },
  {
    name: 'P.task {key} written before; P.fromState, P.when and {key?} keys never written (optional)',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(writer)
        .step(
          Agent('a').instruct(
            P.task('Review {draft}.')
              .add(P.fromState('notes'))
              .add(P.when('strict', P.constraint('Cite {sources}.')))
              .add(P.template('Tone: {tone?}.')),
          ),
        ),
    error: false,
  },
  {
    name: 'a P section dropped by P.only: its {key} is not read',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Agent('a').instruct(P.role('You review.').add(P.task('Review {draft}.')).pipe(P.only('role')))),
    error: false,
  },
  {
    name: 'C.fromState of a key neither initial nor written',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(writer)
        // @ts-expect-error state key 'findings' is not written before this step
        .step(Agent('a').context(C.fromState('draft', 'findings'))),
    error: true,
  },
  {
    name: 'C.fromState and C.template of keys written before',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(writer)
        .step(Agent('a').context(C.fromState('draft').add(C.template('Topic: {topic}.')))),
    error: false,
  },
  {
    name: 'S.pick of a key neither initial nor written',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(writer)
        // @ts-expect-error state key 'drfat' is not written before this step
        .step(S.pick('drfat', 'topic')),
    error: true,
  },
  {
    name: 'S.pick then a read of a kept key (and of a dropped one: the checker does not track removals)',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(writer)
        .step(S.pick('draft'))
        .step(Agent('a').instruct('Review {draft} about {topic}.')),
    error: false,
  },
  {
    name: 'a Route on a key neither initial nor written',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        // @ts-expect-error state key 'intent' is not written before this step
        .step(Route('intent').eq('billing', Agent('billing')).otherwise(Agent('other'))),
    error: true,
  },
  {
    name: 'a key one Route target writes, read after the route',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(Agent('classifier').writes('intent'))
        .step(Route('intent').eq('billing', Agent('billing').writes('refund')).otherwise(Agent('other')))
        .step(Agent('show').instruct('Show {refund}.')),
    error: false,
  },
  {
    name: "a Route target reading another target's key",
    flow: () => {
      const route = Route('intent')
        .eq('billing', Agent('billing').writes('refund'))
        .otherwise(Agent('other').reads('refund'))
      return (
        Pipeline('flow')
          .initialState('topic')
          .step(Agent('classifier').writes('intent'))
          // @ts-expect-error state key 'refund' is not written before this step
          .step(route)
      )
    },
    error: true,
  },
  {
    name: 'a Route on a persistent user: key',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Route('user:tier').eq('gold', Agent('vip'))),
    error: false,
  },
  {
    name: 'a RemoteAgent sending a key neither initial nor written',
    flow: () =>
      Pipeline('shop')
        .initialState('sku')
        // @ts-expect-error state key 'quantity' is not written before this step
        .step(pricer.sends('sku', 'quantity')),
    error: true,
  },
  {
    name: 'a RemoteAgent .receives() key read after it',
    flow: () =>
      Pipeline('shop')
        .initialState('sku')
        .step(pricer.sends('sku').receives('price'))
        .step(Agent('writer').instruct('The price is {price}.')),
    error: false,
  },
  {
    name: 'S.compute over a typed earlier write',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Agent('classifier').returns(Intent).writes('intent'))
        .step(S.compute({ category: (state) => state.intent.category }))
        .step(Agent('show').instruct('Category: {category}.')),
    error: false,
  },
  {
    name: 'a standalone Loop with initial state: {key} before its writer (the first iteration fails)',
    flow: () =>
      Loop('refine')
        .initialState('topic')
        // @ts-expect-error state key 'feedback' is not written before this step
        .step(Agent('w').instruct('Write about {topic} using {feedback}.').writes('draft'))
        .step(Agent('critic').instruct('Critique {draft}.').writes('feedback'))
        .maxIterations(3),
    error: true,
  },
  {
    name: 'a standalone Loop with initial state: .reads() and {key?} before the writer (an info)',
    flow: () =>
      Loop('refine')
        .initialState('topic')
        .step(Agent('w').instruct('Write about {topic}, see {notes?}.').reads('feedback').writes('draft'))
        .step(Agent('critic').instruct('Critique {draft}.').writes('feedback').writes('feedback'))
        .maxIterations(3),
    error: false,
  },
  {
    name: "a standalone FanOut with initial state: a branch reading a sibling's key",
    flow: () =>
      FanOut('pair')
        .initialState()
        .branch(Agent('a').writes('x'))
        // @ts-expect-error state key 'x' is not written before this step
        .branch(Agent('b').reads('x')),
    error: true,
  },
  {
    name: 'a temp: key is checked like any other',
    // @ts-expect-error state key 'temp:scratch' is not written before this step
    flow: () => Pipeline('flow').initialState().step(Agent('a').instruct('Use {temp:scratch}.')),
    error: true,
  },
  {
    name: 'a key one Fallback attempt writes, read after the fallback',
    flow: () =>
      Pipeline('flow')
        .initialState('question')
        .step(
          Fallback('answer')
            .attempt(Agent('fast').instruct('Answer {question}.').writes('answer'))
            .attempt(Agent('slow')),
        )
        .step(Agent('show').instruct('Show {answer}.')),
    error: false,
  },
  {
    name: "a Fallback attempt reading another attempt's key",
    flow: () =>
      Fallback('answer')
        .initialState()
        .attempt(Agent('fast').writes('answer'))
        // @ts-expect-error state key 'answer' is not written before this step
        .attempt(Agent('slow').reads('answer')),
    error: true,
  },
  {
    name: '.produces() fields read by a later step',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(Agent('researcher').instruct('Research {topic}.').produces(Findings))
        .step(Agent('writer').instruct('Write from {findings} (score {score}).')),
    error: false,
  },
  {
    name: 'a key that is not a .produces() field',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(Agent('researcher').instruct('Research {topic}.').produces(Findings))
        // @ts-expect-error state key 'fidnings' is not written before this step
        .step(Agent('writer').instruct('Write from {fidnings}.')),
    error: true,
  },
  {
    name: 'C.capture() and A.snapshot() in .artifacts() write keys read later',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(
          Agent('intake')
            .context(C.capture('request'))
            .artifacts(A.snapshot('brief.md', { intoKey: 'brief' })),
        )
        .step(Agent('planner').instruct('Plan {request} from {brief}.')),
    error: false,
  },
  {
    name: "C.capture() writes before the agent runs: the agent's own instruction reads it, in either order",
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Agent('router').context(C.capture('request')).instruct('Route this request: {request}'))
        .step(Agent('triage').instruct('Triage {issue}.').context(C.capture('issue'))),
    error: false,
  },
  {
    name: 'C.writeNotes() writes its scratchpad key; C.notes() and C.writeNotes() read it optionally (empty at first)',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Agent('planner').context(C.notes({ key: 'plan' }).add(C.writeNotes({ key: 'plan' }))))
        .step(Agent('doer').reads('_notes_plan')),
    error: false,
  },
  {
    name: 'sub-agents and agent tools write keys read after the agent',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(
          Agent('router')
            .subAgents(Agent('billing').writes('refund'), Agent('support').writes('ticket'))
            .agentTool(Agent('lookup').writes('account')),
        )
        .step(Agent('show').instruct('Show {refund} {ticket} {account}.')),
    error: false,
  },
  {
    name: 'keys built at run time (.writes, S.capture, .receives): reads after them compile',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Agent('a').writes(runtimeKey('draft')))
        .step(S.capture(runtimeKey('question')))
        .step(pricer.receives(runtimeKey('price')))
        .step(Agent('b').instruct('Use {draft}, {question} and {price}.')),
    error: false,
  },
  {
    name: "C.template's {key?} is optional, its {key} expected",
    flow: () =>
      Pipeline('flow')
        .initialState('project')
        .step(Agent('a').context(C.template('Project: {project}. Notes: {notes?}.'))),
    error: false,
  },
  {
    name: '.consumes() fields neither initial nor written',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        // @ts-expect-error state key 'score' is not written before this step
        .step(Agent('writer').consumes(Findings)),
    error: true,
  },
  {
    name: '.consumes() fields written before',
    flow: () =>
      Pipeline('flow')
        .initialState()
        .step(Agent('researcher').produces(Findings))
        .step(Agent('writer').consumes(Findings)),
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
