import { describe, expect, it } from 'vitest'
import { InMemoryRunner, StateError, type Event } from '@adk-fluent/core'
import { z } from 'zod'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import * as P from '../namespaces/prompt/index.js'
import * as S from '../namespaces/state/index.js'
import * as A from '../namespaces/artifacts/index.js'
import { Agent, FanOut, Fallback, Loop, Pipeline, Route } from './workflow-factories.js'
import { expect as expectState, tap } from './flow-helpers.js'
import type { FlowBuilder } from './flow-builder.js'

/** Runs `builder` once and returns the answer, the events and the session state afterwards. */
async function run(builder: FlowBuilder, options: { state?: Record<string, unknown>; prompt?: string } = {}) {
  const runner = new InMemoryRunner({ agent: builder.build() })
  const events: Event[] = []
  for await (const event of builder.events(options.prompt ?? 'go', {
    runner,
    sessionId: 's1',
    ...(options.state ? { state: options.state } : {}),
  })) {
    events.push(event)
  }
  const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'user', sessionId: 's1' })
  return { events, state: session?.state ?? {}, session }
}

const authors = (events: readonly Event[]) => events.map((event) => event.author)

describe('runs: pipelines, state and context', () => {
  it('flows state through writes → S transforms → reads, with the exact <conversation_context> block', async () => {
    const writerModel = new ScriptedLlm(['F1'])
    const criticModel = new ScriptedLlm(['Looks good'])
    const flow = Agent('writer')
      .model(writerModel)
      .instruct('Research {topic}.')
      .writes('findings')
      .then(S.rename({ findings: 'notes' }))
      .then(S.set({ tone: 'formal' }))
      .then(Agent('critic').model(criticModel).instruct('Write about {topic}.').reads('notes', 'tone').isolate())
    const { events, state } = await run(flow, { state: { topic: 'cats' } })
    expect(writerModel.requests[0]?.config.systemInstruction).toContain('Research cats.')
    expect(criticModel.requests[0]?.config.systemInstruction).toBe(
      'Write about cats.\n\n<conversation_context>\n[notes]: F1\n[tone]: formal\n</conversation_context>',
    )
    expect(criticModel.requests[0]?.contents.map((content) => content.role)).toEqual(['user'])
    expect(state).toMatchObject({ topic: 'cats', notes: 'F1', tone: 'formal', findings: null })
    const transformEvents = events.filter(
      (event) => event.author.startsWith('rename') || event.author.startsWith('set'),
    )
    expect(transformEvents.map((event) => event.actions.stateDelta)).toEqual([
      { findings: null, notes: 'F1' },
      { tone: 'formal' },
    ])
  })

  it('keeps both keys of S.set({a:1}).then(S.set({b:2})) in the session', async () => {
    const { state } = await run(Pipeline('p').step(S.set({ a: 1 }).then(S.set({ b: 2 }))))
    expect(state).toMatchObject({ a: 1, b: 2 })
  })

  it('includes a P.when block or not depending on state at run time', async () => {
    const model = new ScriptedLlm(['one', 'two'])
    const agent = Agent('helper')
      .model(model)
      .isolate()
      .instruct(P.task('Answer the question.').add(P.when('verbose', P.constraint('Explain every step.'))))
    await agent.ask('q', { state: { verbose: true } })
    await agent.ask('q', { state: { verbose: false } })
    expect(model.requests.map((request) => request.config.systemInstruction)).toEqual([
      'Task:\nAnswer the question.\n\nConstraints:\nExplain every step.',
      'Task:\nAnswer the question.',
    ])
  })

  it('runs plain function steps: their result reaches state only through an event', async () => {
    const seen: unknown[] = []
    const flow = Pipeline('p')
      .step((state) => ({ count: Number(state['count']) + 1 }))
      .step(tap((state) => seen.push(state['count'])))
      .step(async (state) => {
        seen.push(Object.isFrozen(state))
      })
    const { events, state } = await run(flow, { state: { count: 1 } })
    expect(state['count']).toBe(2)
    expect(seen).toEqual([2, true])
    expect(events.map((event) => [event.author, event.actions.stateDelta])).toEqual([['fn_step', { count: 2 }]])
  })

  it('fails a function step that returns something other than an object', async () => {
    await expect(run(Pipeline('p').step((() => 'oops') as never))).rejects.toThrow(
      'Function step "fn_step" returned "oops" (string). Return an object of state changes, such as { summary: text }, or nothing.',
    )
  })

  it('runs A operations as steps recording artifact deltas', async () => {
    const flow = Pipeline('p')
      .step(S.set({ report: '# Report' }))
      .step(A.publish('report.md', { fromKey: 'report' }))
    const { events } = await run(flow)
    expect(events.at(-1)?.actions.artifactDelta).toEqual({ 'report.md': 0 })
  })

  it('fails an expect step with a StateError carrying the message', async () => {
    const error = await run(
      Pipeline('p').step(expectState((state) => Boolean(state['draft']), 'A draft is required.')),
    ).catch((caught: unknown) => caught)
    expect(StateError.isInstance(error) && error.message).toBe('A draft is required.')
  })
})

describe('runs: fan-out, loops, fallback, route', () => {
  it('runs fan-out branches, each on its own branch', async () => {
    const flow = FanOut('research')
      .branch(Agent('web').mock(['W']).writes('web'))
      .branch(Agent('papers').mock(['P']).writes('papers'))
    const { events, state } = await run(flow)
    expect(state).toMatchObject({ web: 'W', papers: 'P' })
    expect(events.map((event) => event.branch).sort()).toEqual(['research.papers', 'research.web'])
  })

  it('repeats a loop maxIterations times', async () => {
    const { events } = await run(Agent('counter').mock(['1', '2', '3']).times(3))
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['1', '2', '3'])
  })

  it('ends a loop when until(state) holds, checked after each iteration', async () => {
    const flow = Loop('refine')
      .step(Agent('writer').mock(['draft 1', 'draft 2', 'draft 3']).writes('draft'))
      .step((state) => ({ rounds: Number(state['rounds'] ?? 0) + 1 }))
      .until((state) => state['rounds'] === 2)
      .maxIterations(5)
    const { events, state } = await run(flow)
    expect(state).toMatchObject({ draft: 'draft 2', rounds: 2 })
    expect(events.at(-1)).toMatchObject({ author: 'refine_checkpoint', actions: { escalate: true } })
  })

  it('falls back when an attempt fails with a model error event, holding that event back', async () => {
    const flaky = Agent('flaky').mock([new Error('model down')])
    const steady = Agent('steady').mock(['steady answer'])
    const { events } = await run(flaky.fallback(steady))
    expect(events.map((event) => [event.author, event.content?.parts?.[0]?.text, event.errorCode])).toEqual([
      ['steady', 'steady answer', undefined],
    ])
    const allDown = await run(
      Fallback('f')
        .attempt(flaky)
        .attempt(Agent('also_down').mock([new Error('also down')])),
    )
    expect(allDown.events.map((event) => [event.author, event.errorMessage])).toEqual([['also_down', 'also down']])
  })

  it('falls back when an attempt throws, and rethrows the last error when all throw', async () => {
    const failing = (message: string) => () => {
      throw new Error(message)
    }
    expect(
      await Fallback('f')
        .attempt(failing('first'))
        .attempt(Agent('ok').mock(['fine']))
        .ask('q'),
    ).toBe('fine')
    await expect(Fallback('f').attempt(failing('first')).attempt(failing('second')).ask('q')).rejects.toThrow('second')
  })

  it('routes on state: eq, comparisons, when and otherwise', async () => {
    const route = Route('score')
      .eq('perfect', Agent('celebrate').mock(['party']))
      .gte(0.8, Agent('publish').mock(['publish']))
      .when((state) => state['flag'] === true, Agent('flagged').mock(['flagged']))
      .otherwise(Agent('revise').mock(['revise']))
    expect(await route.ask('q', { state: { score: 'perfect' } })).toBe('party')
    expect(await route.ask('q', { state: { score: 0.9 } })).toBe('publish')
    expect(await route.ask('q', { state: { score: '0.85' } })).toBe('publish')
    expect(await route.ask('q', { state: { score: 0.1, flag: true } })).toBe('flagged')
    expect(await route.ask('q', { state: { score: 0.1 } })).toBe('revise')
    expect(await route.ask('q')).toBe('revise')
  })

  it('routes with contains, ne and lt, and does nothing when no rule holds and there is no otherwise', async () => {
    const route = Route('tags')
      .contains('urgent', Agent('pager').mock(['paged']))
      .ne('x', Agent('other').mock(['other']))
    expect(await route.ask('q', { state: { tags: ['urgent', 'db'] } })).toBe('paged')
    expect(await route.ask('q', { state: { tags: 'y' } })).toBe('other')
    const { events } = await run(Route('n').lt(3, Agent('small').mock(['small'])), { state: { n: 5 } })
    expect(events).toEqual([])
  })

  it('routes after a classifier in a pipeline, with tool calls on the way', async () => {
    const lookups: string[] = []
    function lookup({ id }: { id: string }) {
      lookups.push(id)
      return { status: 'open' }
    }
    const classifier = Agent('classifier')
      .mock([call('lookup', { id: '7' }), 'billing'])
      .tool(lookup, { parameters: z.object({ id: z.string() }) })
      .writes('intent')
    const flow = classifier.then(Route('intent').eq('billing', Agent('billing').mock(['refund issued'])))
    const { events } = await run(flow)
    expect(lookups).toEqual(['7'])
    expect(authors(events)).toEqual(['classifier', 'classifier', 'classifier', 'billing'])
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('refund issued')
  })

  it('skips an agent whose proceedIf predicate is false', async () => {
    const gated = Agent('gated')
      .mock(['ran'])
      .proceedIf((state) => state['go'] === true)
    expect(await gated.ask('q', { state: { go: true } })).toBe('ran')
    expect(await gated.ask('q', { state: { go: false } })).toBe('')
  })

  it('parses the answer with .returns() in .ask()', async () => {
    const { z } = await import('zod')
    const agent = Agent('classifier')
      .mock([text('{"intent":"billing"}')])
      .returns(z.object({ intent: z.string() }))
    expect(await agent.ask('q')).toEqual({ intent: 'billing' })
  })
})
