// Typed data flow: each rule of the contract checker's state reads, as the compiler sees it. Every `@ts-expect-error`
// marks the line the compiler must reject; every other line must compile. Workflows: typed-state-workflows.test-d.ts.
import { expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import * as A from '../namespaces/artifacts/index.js'
import type { ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import * as C from '../namespaces/context/index.js'
import type { ContextSpec } from '../namespaces/context/context-spec.js'
import * as P from '../namespaces/prompt/index.js'
import * as S from '../namespaces/state/index.js'
import { createRemoteAgentBuilder, type RemoteAgentFields } from './remote-agent-factory.js'
import type { Checked, EmptyFlow, FlowOf, FluentTypeError, SequenceError, Typed } from '../flow-types/state-flow.js'
import type { TemplateRequiredKeys } from '../flow-types/template-keys.js'
import type { AgentBuilder } from './agent-builder.js'
import { Agent, Loop, Pipeline } from './workflow-factories.js'

const remoteFields: RemoteAgentFields = {
  protocol: 'test',
  url: 'http://127.0.0.1:1/',
  lower: () => {
    throw new Error('not built in type tests')
  },
}
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
  type Before = Typed<NonNullable<(typeof step)['~flow']>>
  expectTypeOf<Checked<ReturnType<typeof Agent>, SequenceError<Before, EmptyFlow>>>().toEqualTypeOf<
    ReturnType<typeof Agent>
  >()
  const critic = Agent('critic').instruct('Review {drfat}.')
  type Rejected = SequenceError<Before, FlowOf<typeof critic>>
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
  // @ts-expect-error temp: keys are per-invocation state, checked like any other
  Pipeline('flow').initialState().step(Agent('a').instruct('Use {temp:scratch}.'))
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

it('reads the {key} texts of P prompts; P.fromState, P.when and {key?} are optional', () => {
  const flow = Pipeline('flow').initialState('topic')
  flow.step(Agent('a').instruct(P.role('You are a writer.').add(P.template('Write about {topic}.'))))
  // @ts-expect-error state key 'draft' is not written before this step: P.template's {draft}
  flow.step(Agent('a').instruct(P.template('Review {draft}.')))
  // @ts-expect-error any P text is a template: P.task's {draft}, through .add()
  flow.step(Agent('a').instruct(P.role('You review.').add(P.task('Review {draft}.'))))
  flow.step(Agent('a').instruct(P.fromState('draft', 'notes')))
  flow.step(Agent('a').instruct(P.template('Review {draft?}.').add(P.when('draft', P.task('Use {draft}.')))))
  flow.step(Agent('a').instruct(P.template('Hi {user:name}, theme {app:theme}.')))
  // A section transform may drop sections: the types forget the keys (the checker still sees them).
  flow.step(Agent('a').instruct(P.task('Review {draft}.').pipe(P.only('role'))))
  // A text function keeps them.
  // @ts-expect-error state key 'draft' is not written before this step
  flow.step(Agent('a').instruct(P.template('Review {draft}.').pipe((text) => text.trim())))
  flow.step(Agent('w').writes('draft')).step(Agent('a').instruct(P.template('Review {draft}.')))
  // Without initial state it compiles (the checker warns).
  Pipeline('flow').step(Agent('a').instruct(P.template('Review {draft}.')))
  const text: string = 'Review {draft}.'
  flow.step(Agent('a').instruct(P.template(text)))
})

it('reads the C.fromState and C.template keys of .context()', () => {
  const flow = Pipeline('flow').initialState('topic')
  flow.step(Agent('a').context(C.fromState('topic').add(C.window(3))))
  // @ts-expect-error state key 'findings' is not written before this step
  flow.step(Agent('a').context(C.fromState('findings')))
  // @ts-expect-error through .add() and .pipe()
  flow.step(Agent('a').context(C.window(3).add(C.fromState('findings')).pipe(C.dedup())))
  // @ts-expect-error state key 'project' is not written before this step: C.template's {project}
  flow.step(Agent('a').context(C.template('Project: {project}.')))
  flow.step(Agent('r').writes('findings')).step(Agent('a').context(C.fromState('findings')))
  flow.step(Agent('a').context(C.fromState('user:name', 'app:theme')))
})

it('reads S.pick and S.require keys; S.pick keeps earlier keys known, as the checker does', () => {
  const flow = Pipeline('flow').initialState('topic')
  flow.step(Agent('w').writes('draft')).step(S.pick('draft', 'topic')).step(Agent('a').instruct('Use {draft}.'))
  // @ts-expect-error state key 'drfat' is not written before this step
  flow.step(Agent('w').writes('draft')).step(S.pick('drfat'))
  // @ts-expect-error state key 'score' is not written before this step
  flow.step(S.require('score'))
  // @ts-expect-error state key 'drfat' is not written before this step: S.rename reads its old names
  flow.step(S.rename({ drfat: 'text' }))
  // Untyped transforms are opaque: reads after them compile.
  flow.step(S.merge(['a', 'b'], { into: 'c' })).step(Agent('a').instruct('Use {anything}.'))
  // @ts-expect-error state key 'draft' is read by an earlier step but written only by this step
  Pipeline('flow').step(S.pick('draft')).step(Agent('w').writes('draft'))
})

it('types S.compute functions with the state written before, and its results as written keys', () => {
  const Intent = z.object({ category: z.enum(['billing', 'other']) })
  const flow = Pipeline('flow')
    .initialState('topic')
    .step(Agent('classifier').returns(Intent).writes('intent'))
    .step(
      S.compute({
        category: (state) => state.intent.category,
        words: async (state) => String(state['topic']).split(' ').length,
      }),
    )
    .then(S.compute({ label: (state) => `${state.category}:${state.words + 1}` }))
    .step(Agent('show').instruct('Show {category} {words} {label}.'))
  type Written = NonNullable<(typeof flow)['~flow']>['writes']
  expectTypeOf<Written['category']>().toEqualTypeOf<'billing' | 'other'>()
  expectTypeOf<Written['words']>().toEqualTypeOf<number>()
  expectTypeOf<Written['label']>().toEqualTypeOf<string>()
  Agent('classifier')
    .returns(Intent)
    .writes('intent')
    .then(S.compute({ billing: (state) => state.intent.category === 'billing' }))
  // In a loop body: what earlier steps of the body wrote.
  Loop('refine')
    .step(
      Agent('scorer')
        .returns(z.object({ score: z.number() }))
        .writes('grade'),
    )
    .step(S.compute({ passed: (state) => state.grade.score > 0.8 }))
    .maxIterations(3)
  // On its own, S.compute sees untyped state.
  S.compute({ size: (state) => String(state['draft']).length })
  Pipeline('flow')
    .step(Agent('c').returns(Intent).writes('intent'))
    // @ts-expect-error 'intnet' is not a written key: its value is unknown
    .step(S.compute({ c: (state) => state.intnet.category }))
})

it("counts an agent's other writes: .produces(), .context() (C.capture, C.writeNotes), .artifacts(), sub-agents", () => {
  const Findings = z.object({ findings: z.string(), score: z.number() })
  const flow = Pipeline('flow').initialState()
  flow.step(Agent('r').produces(Findings)).step(Agent('w').instruct('Use {findings} ({score}).'))
  // @ts-expect-error state key 'fidnings' is not written before this step: not a field of the schema
  flow.step(Agent('r').produces(Findings)).step(Agent('w').instruct('Use {fidnings}.'))
  flow.step(Agent('r').context(C.window(3).add(C.capture('request')))).step(Agent('w').instruct('Plan {request}.'))
  flow.step(Agent('r').context(C.writeNotes({ key: 'plan' }))).step(Agent('w').reads('_notes_plan'))
  flow.step(Agent('r').context(C.writeNotes())).step(Agent('w').reads('_notes_default'))
  // @ts-expect-error state key 'request' is not written before this step: C.fromState only reads
  flow.step(Agent('r').context(C.fromState('user:name'))).step(Agent('w').instruct('Plan {request}.'))
  flow
    .step(
      Agent('r').artifacts(
        A.snapshot('a.md', { intoKey: 'a_text' }),
        A.load('notes.txt'),
        A.list({ intoKey: 'files' }),
        A.snapshotMany({ 'b.md': 'b_text' }),
        A.when('ready', A.version('a.md', { intoKey: 'a_version' })),
      ),
    )
    .step(Agent('w').reads('a_text', 'notes.txt', 'files', 'b_text', 'a_version'))
  // @ts-expect-error state key 'report' is not written before this step: A.publish writes no key
  flow.step(Agent('r').artifacts(A.publish('r.md', { fromKey: 'x' }))).step(Agent('w').reads('report'))
  flow
    .step(Agent('router').subAgents(Agent('b').writes('refund'), Agent('s').writes('ticket')))
    .step(Agent('w').reads('refund', 'ticket'))
  flow.step(Agent('r').agentTool(Agent('lookup').writes('account'))).step(Agent('w').reads('account'))
  // Values: a field's type; `.writes()` still replaces only its own key and `.returns()` types only that one.
  const Intent = z.object({ category: z.enum(['a', 'b']) })
  const typed = Pipeline('flow').step(Agent('r').produces(Findings).writes('d').returns(Intent).writes('intent'))
  type Written = NonNullable<(typeof typed)['~flow']>['writes']
  expectTypeOf<keyof Written>().toEqualTypeOf<'findings' | 'score' | 'intent'>()
  expectTypeOf<Written['score']>().toEqualTypeOf<number>()
  expectTypeOf<Written['intent']>().toEqualTypeOf<{ category: 'a' | 'b' }>()
  // A sub-agent may not run: its keys may be absent.
  const routed = Pipeline('flow').step(Agent('router').subAgents(Agent('b').writes('refund')))
  expectTypeOf<NonNullable<(typeof routed)['~flow']>['writes']['refund']>().toEqualTypeOf<string | undefined>()
  // Annotations still hold agents: `AgentBuilder<string, EmptyFlow>` (any other writes) and `AgentBuilder`.
  const plain: AgentBuilder<string, EmptyFlow> = Agent('a')
    .instruct('Hi.')
    .context(C.window(3))
    .artifacts(A.publish('r.md', { fromKey: 'x' }))
    .subAgents(Agent('b'))
  const producing: AgentBuilder<string, EmptyFlow> = Agent('a').produces(Findings).context(C.capture('q'))
  const any: AgentBuilder = Agent('a').produces(Findings).context(C.capture('q')).writes('x')
  flow.step(plain).step(producing).step(any).step(Agent('w').instruct('Use {findings} and {q}.'))
})

it('is permissive where the keys are not known to the compiler: reads after such a writer compile', () => {
  const key: string = 'draft'
  const flow = Pipeline('flow').initialState()
  flow.step(Agent('a').writes(key)).step(Agent('b').instruct('Use {draft}.'))
  flow.step(S.capture(key)).step(Agent('b').instruct('Use {draft}.'))
  flow.step(S.rename({ x: key } as Record<string, string>)).step(Agent('b').instruct('Use {draft}.'))
  const pricer = createRemoteAgentBuilder('pricer', remoteFields, 'RemoteAgent')
  flow.step(pricer.receives(key)).step(Agent('b').instruct('Use {draft}.'))
  flow.step(Agent('a').produces(z.object({}) as z.ZodType)).step(Agent('b').instruct('Use {draft}.'))
  flow.step(Agent('a').produces(z.record(z.string(), z.string()))).step(Agent('b').instruct('Use {draft}.'))
  flow.step(Agent('a').context(C.capture(key))).step(Agent('b').instruct('Use {draft}.'))
  flow.step(Agent('a').context(C.writeNotes({ key }))).step(Agent('b').reads('_notes_x'))
  const spec: ContextSpec = C.capture('draft')
  flow.step(Agent('a').context(spec)).step(Agent('b').instruct('Use {draft}.'))
  const operation: ArtifactOperation = A.list({ intoKey: 'draft' })
  flow.step(Agent('a').artifacts(operation)).step(Agent('b').instruct('Use {draft}.'))
  flow.step(Agent('a').subAgents({ node: Agent('x').node })).step(Agent('b').instruct('Use {draft}.'))
  // A non-object schema writes no key.
  // @ts-expect-error state key 'draft' is not written before this step
  flow.step(Agent('a').produces(z.string())).step(Agent('b').instruct('Use {draft}.'))
})

it('reads .consumes() fields like .reads()', () => {
  const Findings = z.object({ findings: z.string(), score: z.number() })
  // @ts-expect-error state key 'score' is not written before this step
  Pipeline('flow').initialState('findings').step(Agent('w').consumes(Findings))
  Pipeline('flow').initialState('findings', 'score').step(Agent('w').consumes(Findings))
  Pipeline('flow').step(Agent('w').consumes(Findings))
  Pipeline('flow')
    .initialState()
    .step(Agent('w').consumes(z.object({}) as z.ZodType))
})
