import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_ROUTE, type NodeContext } from '@adk-fluent/core'
import { z } from 'zod'
import * as S from '../namespaces/state/index.js'
import { Graph } from '../builders/graph-factory.js'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import type { CheckIssue } from './check-issue.js'
import type { FlowBuilder } from '../builders/flow-builder.js'

/** `level code path` of each issue that is not an info. */
const summary = (issues: readonly CheckIssue[]) =>
  issues
    .filter((issue) => issue.level !== 'info')
    .map((issue) => `${issue.level} ${issue.code} ${issue.path.join('.')}`)

const decider = (name: string) => Agent(name).returns(z.enum(['yes', 'no']))

function buildCodes(make: () => unknown): string[] {
  try {
    make()
  } catch (error) {
    if (ConfigError.isConfigError(error)) return error.issues.map((issue) => issue.code)
    throw error
  }
  return []
}

describe('graph checks: structure', () => {
  it('an edge naming no node, with a near miss', () => {
    const issues = Graph('g').chain('START', Agent('writer')).edge('writr', Agent('critic')).check()
    expect(summary(issues)).toContain('error graph_node_unknown g.edges.1')
    const unknown = issues.find((issue) => issue.code === 'graph_node_unknown')
    expect(unknown?.message).toBe(
      'the edge writr → critic of graph "g" names "writr", which is not a node of the graph. Did you mean "writer"?',
    )
    expect(unknown?.hint).toBe(
      'Write \'writer\', or add "writr" as a builder or function in an edge, chain, routes or join.',
    )
    expect(unknown?.agent).toBe('g')
  })

  it('two nodes with one name, no edge from START, START misused, duplicate edges, two default routes', () => {
    const a = decider('a')
    expect(summary(Graph('g').chain('START', a, Agent('b')).edge(a, Agent('b')).check())).toEqual([
      'error graph_node_duplicate g.nodes.1.b',
      'error graph_edge_duplicate g.edges.2',
    ])
    expect(summary(Graph('g').edge(Agent('a'), Agent('b')).check())).toEqual(['error graph_start_missing g.edges'])
    expect(summary(Graph('g').chain('START', a).edge('START', Agent('b'), 'x').edge(a, 'START').check())).toEqual([
      'error graph_start_edge_invalid g.edges.1',
      'error graph_start_edge_invalid g.edges.2',
    ])
    expect(summary(Graph('g').chain('START', a, Agent('b')).edge(a, 'b').check())).toEqual([
      'error graph_edge_duplicate g.edges.2',
    ])
    expect(
      summary(
        Graph('g')
          .chain('START', a, { [DEFAULT_ROUTE]: Agent('b') })
          .edge(a, Agent('c'), DEFAULT_ROUTE)
          .check(),
      ),
    ).toEqual(['error graph_default_route_duplicate g.edges.2', 'error graph_outputs_multiple g.nodes.2.c'])
  })

  it('nodes nothing leads to', () => {
    expect(summary(Graph('g').chain('START', Agent('a')).edge(Agent('b'), Agent('c')).check())).toEqual([
      'error graph_node_unreachable g.nodes.1.b',
      'error graph_node_unreachable g.nodes.2.c',
    ])
  })

  it('routes from a node that emits none (a pipeline), but not from an agent, a function or a DEFAULT_ROUTE edge', () => {
    const p = Pipeline('p').step(Agent('x'))
    expect(
      summary(
        Graph('g')
          .chain('START', p, { yes: Agent('a') })
          .check(),
      ),
    ).toEqual(['error graph_route_not_emitted g.nodes.0.p'])
    function pick(ctx: NodeContext) {
      ctx.route = 'yes'
    }
    expect(
      summary(
        Graph('g')
          .chain('START', pick, { yes: Agent('a') })
          .check(),
      ),
    ).toEqual([])
    expect(
      summary(
        Graph('g')
          .chain('START', p, { [DEFAULT_ROUTE]: Agent('a') })
          .check(),
      ),
    ).toEqual([])
  })

  it('an empty graph', () => {
    expect(buildCodes(() => Graph('g').build())).toEqual(['empty_workflow'])
  })
})

describe('graph checks: cycles', () => {
  const writer = Agent('writer')
  const critic = decider('critic')

  it('a cycle with a way out but no bound: a warning; bounded: nothing', () => {
    const graph = Graph('g')
      .chain('START', writer, critic)
      .routes(critic, { no: writer, yes: Agent('done') })
    expect(summary(graph.check())).toEqual(['warning graph_cycle_unbounded g.nodes.0.writer'])
    expect(graph.check()[0]?.message).toBe(
      'the cycle writer → critic → writer of graph "g" ends only when "critic" takes a route out; if it never does, the cycle never ends.',
    )
    expect(summary(graph.maxSteps(10).check())).toEqual([])
    expect(buildCodes(() => graph.build())).toEqual([])
  })

  it('a cycle with no way out and no bound: an error; with a bound, a warning', () => {
    const graph = Graph('g').chain('START', writer, critic).routes(critic, { no: writer })
    expect(summary(graph.check())).toEqual(['error graph_cycle_unbounded g.nodes.0.writer'])
    expect(buildCodes(() => graph.build())).toEqual(['graph_cycle_unbounded'])
    expect(summary(graph.maxSteps(5).check())).toEqual(['warning graph_cycle_unbounded g.nodes.0.writer'])
  })

  it('a cycle of unconditional edges, even bounded: an error', () => {
    const graph = Graph('g').chain('START', writer, critic, writer).maxSteps(5)
    expect(summary(graph.check())).toEqual(['error graph_cycle_unbounded g.nodes.0.writer'])
    expect(graph.check()[0]?.message).toContain('has only unconditional edges')
  })
})

describe('graph checks: joins', () => {
  it('a join of two branches on different routes of an agent: an error (its one answer takes one)', () => {
    const classify = decider('classify')
    const graph = Graph('g')
      .chain('START', classify, { yes: Agent('a'), no: Agent('b') })
      .join('both', 'a', 'b')
    expect(summary(graph.check())).toEqual(['error graph_join_incomplete g.nodes.3.both'])
    expect(graph.check()[0]?.message).toBe(
      'join "both" waits for "a" and "b", which never both run: "a" runs only when "classify" emits yes, "b" only when "classify" emits no.',
    )
    expect(buildCodes(() => graph.build())).toEqual(['graph_join_incomplete'])
  })

  it('a branch on DEFAULT_ROUTE against a routed one: an error even from a function', () => {
    function pick(ctx: NodeContext) {
      ctx.route = 'yes'
    }
    const graph = Graph('g')
      .chain('START', pick, { yes: Agent('a'), [DEFAULT_ROUTE]: Agent('b') })
      .join('both', 'a', 'b')
    expect(summary(graph.check())).toEqual(['error graph_join_incomplete g.nodes.3.both'])
  })

  it('two routes of a function: a warning (it may emit both at once)', () => {
    function pick(ctx: NodeContext) {
      ctx.route = ['yes', 'no']
    }
    const graph = Graph('g')
      .chain('START', pick, { yes: Agent('a'), no: Agent('b') })
      .join('both', 'a', 'b')
    expect(summary(graph.check())).toEqual(['warning graph_join_incomplete g.nodes.3.both'])
    expect(graph.check()[0]?.message).toContain('unless "pick" emits both routes at once')
  })

  it('one branch on a route, the other on every route: a warning', () => {
    const classify = decider('classify')
    const graph = Graph('g')
      .chain('START', classify, { yes: Agent('a') })
      .edge(classify, Agent('b'))
      .join('both', 'a', 'b')
    expect(summary(graph.check())).toEqual(['warning graph_join_incomplete g.nodes.3.both'])
  })

  it('a join after a conditional branch whose branches run on the same route: nothing', () => {
    const classify = decider('classify')
    const graph = Graph('g')
      .chain('START', classify, { yes: [Agent('a'), Agent('b')], no: Agent('c') })
      .join('both', 'a', 'b')
    expect(summary(graph.check())).toEqual([])
  })
})

describe('graph checks: state read on a path where nothing wrote it', () => {
  const classify = decider('classify')

  it('a {key} read written on one route only: an error naming the path; .reads(): a warning; {key?}: nothing', () => {
    const shape = (reader: FlowBuilder) =>
      Graph('g')
        .chain('START', classify, { yes: Agent('a').writes('answer'), no: Agent('b') })
        .edge('a', reader)
        .edge('b', reader)
    const required = shape(Agent('polish').instruct('Polish {answer}.')).check()
    expect(summary(required)).toEqual(['error graph_state_unwritten_path g.nodes.3.polish.instruct'])
    expect(required[0]?.message).toBe(
      'state key "answer" is read by "polish" ({answer} in the instruction) but nothing writes it on the path START → classify → b → polish (only "a" writes it, on other paths), where the run fails.',
    )
    expect(summary(shape(Agent('polish').reads('answer')).check())).toEqual([
      'warning graph_state_unwritten_path g.nodes.3.polish.reads',
    ])
    expect(summary(shape(Agent('polish').instruct('Polish {answer?}.')).check())).toEqual([])
    expect(buildCodes(() => shape(Agent('polish').instruct('Polish {answer}.')).build())).toEqual([
      'graph_state_unwritten_path',
    ])
  })

  it('written on every path, or declared initial: nothing', () => {
    const graph = Graph('g')
      .chain('START', classify, { yes: Agent('a').writes('answer'), no: Agent('b').writes('answer') })
      .edge('a', Agent('polish').instruct('Polish {answer}.'))
      .edge('b', 'polish')
    expect(summary(graph.check())).toEqual([])
    const partial = Graph('g')
      .chain('START', classify, { yes: Agent('a').writes('answer'), no: Agent('b') })
      .edge('a', Agent('polish').instruct('Polish {answer}.'))
      .edge('b', 'polish')
    expect(summary(partial.initialState('answer').check())).toEqual([])
  })

  it('a join has what any of its branches wrote', () => {
    const graph = Graph('g')
      .chain('START', [Agent('a').writes('x'), Agent('b').writes('y')])
      .join('j', 'a', 'b')
      .edge('j', Agent('c').instruct('{x} and {y}'))
    expect(summary(graph.check())).toEqual([])
  })

  it('a key only a later node of a cycle writes: the first round reads nothing', () => {
    const critic = decider('critic').writes('verdict')
    const graph = Graph('g')
      .chain('START', Agent('writer').instruct('Write. Last verdict: {verdict}'), critic)
      .routes(critic, { no: 'writer', yes: Agent('done') })
      .maxSteps(9)
    const issues = graph.check()
    expect(summary(issues)).toEqual(['error graph_state_unwritten_path g.nodes.0.writer.instruct'])
    expect(issues[0]?.message).toContain('nothing writes it on the path START → writer (only "critic" writes it')
  })

  it('a function on the path may write it: nothing to report', () => {
    function fill(ctx: NodeContext) {
      ctx.state.set('answer', 'x')
    }
    const graph = Graph('g')
      .chain('START', classify, { yes: Agent('a').writes('answer'), no: fill })
      .edge('a', Agent('polish').instruct('Polish {answer}.'))
      .edge(fill, 'polish')
    expect(summary(graph.check())).toEqual([])
  })

  it('a key no path writes keeps the usual rules (a warning without initial state, an error with)', () => {
    const graph = Graph('g').chain('START', Agent('a').instruct('Use {topic}.'))
    expect(summary(graph.check())).toEqual(['warning state_not_written g.nodes.0.a.instruct'])
    // @ts-expect-error the types agree: with initial state declared, nothing provides 'topic'
    expect(summary(graph.initialState().check())).toEqual(['error state_not_written g.nodes.0.a.instruct'])
  })

  it('S transforms in a graph write their keys', () => {
    const graph = Graph('g').chain('START', S.set({ tone: 'calm' }), Agent('a').instruct('Be {tone}.'))
    expect(summary(graph.check())).toEqual([])
  })
})

describe('graph checks: the one output', () => {
  it('two end agents that run together: an error at check() and build(), which the run would hit', async () => {
    const graph = Graph('g').chain('START', Agent('plan'), [Agent('a'), Agent('b')])
    expect(summary(graph.check())).toEqual(['error graph_outputs_multiple g.nodes.2.b'])
    expect(graph.check()[0]?.message).toBe(
      '"a" and "b" of graph "g" both end the graph (no edge leaves them) and can run in one run: a graph has one output, so a run where both give one fails.',
    )
    expect(buildCodes(() => graph.build())).toEqual(['graph_outputs_multiple'])
    expect(buildCodes(() => graph.join('both', 'a', 'b').build())).toEqual([])
  })

  it('end nodes on different routes of an agent never both run; a function at an end is a warning', () => {
    const routed = Graph('g').chain('START', decider('classify'), { yes: Agent('a'), no: Agent('b') })
    expect(summary(routed.check())).toEqual([])
    function note(ctx: NodeContext) {
      ctx.state.set('noted', true)
    }
    const withFunction = Graph('g').chain('START', Agent('plan'), [Agent('a'), note])
    expect(summary(withFunction.check())).toEqual(['warning graph_outputs_multiple g.nodes.2.note'])
    expect(buildCodes(() => withFunction.build())).toEqual([])
  })
})
