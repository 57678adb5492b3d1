// The runtime checker and the compile-time state types agree on graphs: each case is built for real and checked with
// check(); a case with an error-level issue carries `@ts-expect-error` on the line the compiler rejects (tsc fails on an
// unused directive), and every other case compiles — so `pnpm test` (tsc + vitest) fails as soon as the two disagree.
import { describe, expect, it } from 'vitest'
import type { NodeContext } from '@adk-fluent/core'
import { z } from 'zod'
import * as S from '../namespaces/state/index.js'
import type { FlowBuilder } from './flow-builder.js'
import { Graph } from './graph-factory.js'
import { Agent, Pipeline } from './workflow-factories.js'

interface Case {
  readonly name: string
  readonly flow: () => FlowBuilder
  readonly error: boolean
}

const classify = Agent('classify').returns(z.enum(['yes', 'no']))
const writer = Agent('writer').instruct('Write about {topic}.').writes('draft')
function fill(ctx: NodeContext) {
  ctx.state.set('answer', 'filled')
}

const cases: Case[] = [
  {
    name: 'a read of a key a node before it in the chain writes',
    flow: () => Graph('g').initialState('topic').chain('START', writer, Agent('critic').instruct('Review {draft}.')),
    error: false,
  },
  {
    name: 'a read of a key no node writes, initial state declared',
    flow: () =>
      Graph('g').initialState('topic').chain(
        'START',
        writer,
        // @ts-expect-error state key 'drfat' is not written by any node of the graph
        Agent('critic').instruct('Review {drfat}.'),
      ),
    error: true,
  },
  {
    name: 'the same without initial state (a warning)',
    flow: () => Graph('g').chain('START', writer, Agent('critic').instruct('Review {drfat}.')),
    error: false,
  },
  {
    name: 'a {key} read after a routing map of which one target writes it',
    flow: () =>
      Graph('g').chain(
        'START',
        classify,
        { yes: Agent('a').writes('answer'), no: Agent('b') },
        // @ts-expect-error written on only some paths into this node
        Agent('polish').instruct('Polish {answer}.'),
      ),
    error: true,
  },
  {
    name: 'a {key} read after a fan-out of which one branch writes it',
    flow: () =>
      Graph('g').chain(
        'START',
        [Agent('a').writes('answer'), Agent('b')],
        // @ts-expect-error written on only some paths into this node
        Agent('polish').instruct('Polish {answer}.'),
      ),
    error: true,
  },
  {
    name: 'a {key} read after a routing map whose every target writes it',
    flow: () =>
      Graph('g').chain(
        'START',
        classify,
        { yes: Agent('a').writes('answer'), no: Agent('b').writes('answer') },
        Agent('polish').instruct('Polish {answer}.'),
      ),
    error: false,
  },
  {
    name: 'an optional {key?} and a .reads() key written on one route only (a warning)',
    flow: () =>
      Graph('g').chain(
        'START',
        classify,
        { yes: Agent('a').writes('answer'), no: Agent('b') },
        Agent('polish').instruct('Polish {answer?}.').reads('answer'),
      ),
    error: false,
  },
  {
    name: 'a function on the other route (it may write the key)',
    flow: () =>
      Graph('g').chain(
        'START',
        classify,
        { yes: Agent('a').writes('answer'), no: fill },
        Agent('polish').instruct('Polish {answer}.'),
      ),
    error: false,
  },
  {
    name: 'an edge to a node reading a key nothing writes, initial state declared',
    flow: () =>
      Graph('g')
        .initialState('topic')
        .chain('START', writer)
        // @ts-expect-error not written by any node of the graph
        .edge(writer, Agent('critic').instruct('Review {drfat}.')),
    error: true,
  },
  {
    name: 'a routed target reading what its source writes',
    flow: () =>
      Graph('g')
        .initialState('topic')
        .chain('START', writer, classify.writes('verdict'))
        .routes('classify', { yes: Agent('done').instruct('Done: {verdict}.'), no: 'writer' })
        .maxSteps(10),
    error: false,
  },
  {
    name: 'a cycle: an optional read of a key a later node writes',
    flow: () =>
      Graph('g')
        .initialState('topic')
        .chain(
          'START',
          Agent('writer').instruct('Write about {topic}. {verdict?}').writes('draft'),
          classify.writes('verdict'),
        )
        .routes('classify', { no: 'writer', yes: Agent('publish').instruct('Publish {draft}.') })
        .maxSteps(10),
    error: false,
  },
  {
    name: 'initial state declared after a node reading a key nothing writes',
    // @ts-expect-error nothing provides 'draft'
    flow: () => Graph('g').chain('START', Agent('critic').instruct('Review {draft}.')).initialState(),
    error: true,
  },
  {
    name: 'a join has what each of its branches wrote',
    flow: () =>
      Graph('g')
        .initialState()
        .chain('START', [Agent('a').writes('x'), S.set({ y: 1 })])
        .join('both', 'a', 'set_y')
        .edge('both', Agent('c').instruct('{x} and {y}')),
    error: false,
  },
  {
    name: 'a graph reading what the pipeline wrote before it',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(writer)
        .step(Graph('review').chain('START', Agent('critic').instruct('Review {draft}.'))),
    error: false,
  },
  {
    name: 'a graph reading what nothing before it wrote, in a pipeline with initial state',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        // @ts-expect-error the pipeline writes no 'draft' before the graph
        .step(Graph('review').chain('START', Agent('critic').instruct('Review {draft}.'))),
    error: true,
  },
  {
    name: 'a step after the graph reading what a node of it wrote',
    flow: () =>
      Pipeline('flow')
        .initialState('topic')
        .step(Graph('drafting').chain('START', writer))
        .step(Agent('polish').instruct('Polish {draft}.')),
    error: false,
  },
]

describe('graphs: the runtime checker agrees with the compile-time state types', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const errors = testCase
        .flow()
        .check()
        .filter((issue) => issue.level === 'error')
      expect(
        errors
          .map((issue) => issue.code)
          .every((code) => code?.startsWith('state_') || code === 'graph_state_unwritten_path'),
      ).toBe(true)
      expect(errors.length > 0).toBe(testCase.error)
    })
  }
})
