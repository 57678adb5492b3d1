// Typed data flow of a Graph: each rule the compiler checks, as it sees it. Every `@ts-expect-error` marks the line
// the compiler must reject; every other line must compile.
import { expectTypeOf, it } from 'vitest'
import { DEFAULT_ROUTE, type NodeContext } from '@adk-fluent/core'
import { z } from 'zod'
import * as S from '../namespaces/state/index.js'
import { Graph } from './graph-factory.js'
import type { GraphBuilder } from './graph-builder.js'
import { Agent, Pipeline } from './workflow-factories.js'

const classify = Agent('classify').returns(z.enum(['yes', 'no']))
const writer = Agent('writer').instruct('Write about {topic}.').writes('draft')

it('accepts a read of a key a node before it in the chain writes, or the initial state holds', () => {
  Graph('g').initialState('topic').chain('START', writer, Agent('critic').instruct('Review {draft} on {topic}.'))
  Graph('g')
    .initialState('topic')
    .chain('START', S.set({ tone: 'calm' }), writer, Agent('critic').instruct('Review {draft} in a {tone} tone.'))
})

it('rejects, once initial state is declared, a key no node of the graph writes, at the node', () => {
  Graph('g').initialState('topic').chain(
    'START',
    writer,
    // @ts-expect-error state key 'drfat' is not written by any node of the graph
    Agent('critic').instruct('Review {drfat}.'),
  )
  Graph('g')
    .initialState('topic')
    .chain('START', writer)
    // @ts-expect-error .edge(): the new node reads a key nothing writes
    .edge(writer, Agent('critic').reads('drfat'))
  Graph('g')
    .initialState('topic')
    .chain('START', writer, classify)
    // @ts-expect-error .routes(): a target reads a key nothing writes
    .routes(classify, { yes: Agent('a').instruct('{drfat}') })
  // @ts-expect-error declared after a node reading a key nothing writes
  Graph('g').chain('START', Agent('critic').instruct('Review {draft}.')).initialState()
  // Without initial state it compiles (the checker warns: the caller may provide it).
  Graph('g').chain('START', Agent('critic').instruct('Review {drfat}.'))
})

it('takes a key any node of the graph writes as possibly present, wherever it was added', () => {
  const critic = classify.writes('verdict')
  Graph('g')
    .initialState('topic')
    .chain('START', Agent('writer').instruct('Write about {topic}. {verdict?}').writes('draft'), critic)
    .routes(critic, { no: 'writer', yes: Agent('done').reads('verdict') })
    .edge('done', Agent('polish').instruct('Polish {draft}.'))
})

it('rejects in one chain a {key} read after a routing map or fan-out of which only some nodes write it', () => {
  Graph('g').chain(
    'START',
    classify,
    { yes: Agent('a').writes('answer'), no: Agent('b') },
    // @ts-expect-error state key 'answer' is written on only some paths into this node
    Agent('polish').instruct('Polish {answer}.'),
  )
  Graph('g').chain(
    'START',
    [Agent('a').writes('answer'), Agent('b')],
    // @ts-expect-error after a fan-out too: the node runs after each of them
    Agent('polish').instruct('Polish {answer}.'),
  )
  // Written by every target, read as optional, or read with .reads() (absent on a path: a warning): it compiles.
  Graph('g').chain(
    'START',
    classify,
    { yes: Agent('a').writes('answer'), no: Agent('b').writes('answer') },
    Agent('polish').instruct('Polish {answer}.'),
  )
  Graph('g').chain(
    'START',
    classify,
    { yes: Agent('a').writes('answer'), [DEFAULT_ROUTE]: Agent('b') },
    Agent('polish').instruct('Polish {answer?}.').reads('answer'),
  )
  // A function may write any key: after it, nothing is rejected.
  function fill(ctx: NodeContext) {
    ctx.state.set('answer', 'x')
  }
  Graph('g').chain('START', classify, { yes: Agent('a').writes('answer'), no: fill }, Agent('p').instruct('{answer}'))
})

it('types what the graph writes as possibly absent, for the steps after it', () => {
  const graph = Graph('g')
    .initialState('topic')
    .chain(
      'START',
      writer,
      Agent('critic')
        .instruct('Review {draft}.')
        .returns(z.object({ score: z.number() }))
        .writes('review'),
    )
  type Written = NonNullable<(typeof graph)['~flow']>['writes']
  expectTypeOf<Written['draft']>().toEqualTypeOf<string | undefined>()
  expectTypeOf<Written['review']>().toEqualTypeOf<{ score: number } | undefined>()
  Pipeline('flow')
    .initialState('topic')
    .step(graph)
    .step(S.compute({ length: (state) => state.draft?.length ?? 0 }))
    .step(Agent('polish').instruct('Polish {draft}, scored {review}.'))
  Pipeline('flow')
    .initialState('topic')
    .step(graph)
    // @ts-expect-error after the graph, a key nothing wrote
    .step(Agent('polish').instruct('Polish {drfat}.'))
})

it('leaves the reads nothing in the graph writes to the pipeline around it', () => {
  const reviewing = Graph('review').chain('START', Agent('critic').instruct('Review {draft}.'))
  Pipeline('flow').initialState('topic').step(writer).step(reviewing)
  // @ts-expect-error the pipeline writes no 'draft' before the graph
  Pipeline('flow').initialState('topic').step(reviewing)
})

it('checks nothing in an untyped graph (a variable typed GraphBuilder)', () => {
  let graph: GraphBuilder = Graph('g').initialState('topic')
  graph = graph.chain('START', Agent('critic').instruct('Review {drfat}.'))
  graph = graph.edge('critic', Agent('x').reads('nothing'))
  expectTypeOf(graph.build().name).toEqualTypeOf<string>()
})
