import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_ROUTE, FunctionNode, JoinNode, START, Workflow, type NodeContext } from '@adk-fluent/core'
import * as S from '../namespaces/state/index.js'
import { Graph } from './graph-factory.js'
import { Agent, Pipeline } from './workflow-factories.js'

const a = Agent('a')
const b = Agent('b')
const c = Agent('c')

function issuesOf(make: () => unknown): { code: string; path: string; message: string }[] {
  try {
    make()
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    return error.issues.map((issue) => ({ code: issue.code, path: issue.path.join('.'), message: issue.message }))
  }
  throw new Error('expected a ConfigError')
}

describe('Graph builder', () => {
  it('holds members in first-seen order and edges by name (a chain with a routing map and a fan-out)', () => {
    const graph = Graph('g').chain('START', a, { x: b, 2: [b, c], [DEFAULT_ROUTE]: c })
    expect(graph.node.kind).toBe('graph')
    expect(graph.node.nodes.map((node) => node.name)).toEqual(['a', 'b', 'c'])
    expect(graph.node.edges).toEqual([
      { from: 'START', to: 'a', routes: undefined },
      { from: 'a', to: 'b', routes: [2] },
      { from: 'a', to: 'c', routes: [2] },
      { from: 'a', to: 'b', routes: ['x'] },
      { from: 'a', to: 'c', routes: [DEFAULT_ROUTE] },
    ])
  })

  it('goes on after a routing map from all its targets, and fans in from an array', () => {
    const graph = Graph('g').chain('START', [a, b], c, { yes: Agent('d') }, Agent('e'))
    expect(graph.node.edges.map((edge) => `${edge.from}>${edge.to}${edge.routes ? `[${edge.routes}]` : ''}`)).toEqual([
      'START>a',
      'START>b',
      'a>c',
      'b>c',
      'c>d[yes]',
      'd>e',
    ])
  })

  it('is immutable: each method returns a new builder, the receiver and its frozen node unchanged', () => {
    const base = Graph('g').chain('START', a)
    const before = base.node
    const more = base.edge(a, b).routes(b, { again: a }).join('j', a, b).maxConcurrency(2).maxSteps(9).describe('x')
    expect(base.node).toBe(before)
    expect(base.node.edges).toHaveLength(1)
    expect(Object.isFrozen(more.node)).toBe(true)
    expect(Object.isFrozen(more.node.edges)).toBe(true)
    expect(Object.isFrozen(more.node.edges[0])).toBe(true)
    expect(more.node).toMatchObject({ maxConcurrency: 2, maxSteps: 9, description: 'x' })
    expect(more.node.nodes.map((node) => `${node.kind}:${node.name}`)).toEqual(['agent:a', 'agent:b', 'graph-join:j'])
  })

  it('makes one node of a builder, a function or a transform given twice, and names nodes by string', () => {
    function decide(ctx: NodeContext) {
      ctx.route = 'x'
    }
    const mark = S.set({ seen: true })
    const graph = Graph('g').chain('START', decide, mark).edge(decide, a).edge(a, mark).edge('a', 'decide', 'again')
    expect(graph.node.nodes.map((node) => `${node.kind}:${node.name}`)).toEqual([
      'graph-function:decide',
      'transform-step:set_seen',
      'agent:a',
    ])
    expect(graph.node.edges.at(-1)).toEqual({ from: 'a', to: 'decide', routes: ['again'] })
  })

  it('refuses bad arguments at the call, naming the method and what to pass', () => {
    const graph = Graph('g')
    expect(issuesOf(() => graph.chain('START', () => 1))).toMatchObject([{ code: 'node_invalid', path: 'g.chain.1' }])
    expect(issuesOf(() => graph.chain('START', a, {}))).toMatchObject([{ code: 'edge_invalid', path: 'g.chain.2' }])
    expect(issuesOf(() => graph.chain('START', a, { x: b }, { y: c }))).toMatchObject([
      { code: 'edge_invalid', path: 'g.chain.3' },
    ])
    expect(issuesOf(() => graph.chain('START'))).toMatchObject([{ code: 'edge_invalid', path: 'g.chain' }])
    expect(issuesOf(() => graph.chain({ x: a } as never, b))).toMatchObject([{ code: 'edge_invalid' }])
    expect(issuesOf(() => graph.edge(a, b, {} as never))).toMatchObject([
      { code: 'edge_invalid', path: 'g.edge.route' },
    ])
    expect(issuesOf(() => graph.edge(a, b, ['x', DEFAULT_ROUTE]))).toMatchObject([{ code: 'edge_invalid' }])
    expect(issuesOf(() => graph.routes(a, [b] as never))).toMatchObject([
      { code: 'edge_invalid', path: 'g.routes.routes' },
    ])
    expect(issuesOf(() => graph.join('j', a))).toMatchObject([{ code: 'edge_invalid', path: 'g.join.j' }])
    expect(issuesOf(() => graph.edge(new FunctionNode('f', () => 1) as never, a))).toMatchObject([
      { code: 'node_invalid', path: 'g.edge.from' },
    ])
    expect(issuesOf(() => graph.edge(' a', b))).toMatchObject([{ code: 'node_invalid', path: 'g.edge.from' }])
    expect(issuesOf(() => graph.maxConcurrency(0))).toMatchObject([{ path: 'g.maxConcurrency' }])
    expect(issuesOf(() => graph.maxSteps(1.5))).toMatchObject([{ path: 'g.maxSteps' }])
    expect(issuesOf(() => Graph('not a name'))).toMatchObject([{ path: 'Graph("not a name")' }])
  })

  it('builds a core Workflow: START, fresh agents, function and join nodes, routes as values or lists', () => {
    function pick() {
      return 'x'
    }
    const workflow = Graph('g')
      .chain('START', [a, b])
      .join('j', a, b)
      .edge('j', pick)
      .edge(pick, c, ['x', 'y'])
      .edge(pick, Pipeline('p').step(Agent('d')), DEFAULT_ROUTE)
      .maxConcurrency(3)
      .maxSteps(12)
      .describe('A graph.')
      .build()
    expect(workflow).toBeInstanceOf(Workflow)
    expect(workflow).toMatchObject({ name: 'g', description: 'A graph.', maxConcurrency: 3, maxSteps: 12 })
    const edges = workflow.graph?.edges ?? []
    expect(edges[0]?.fromNode).toBe(START)
    expect(edges.map((edge) => [edge.fromNode.name, edge.toNode.name, edge.route])).toEqual([
      ['__START__', 'a', null],
      ['__START__', 'b', null],
      ['a', 'j', null],
      ['b', 'j', null],
      ['j', 'pick', null],
      ['pick', 'c', ['x', 'y']],
      ['pick', 'p', DEFAULT_ROUTE],
    ])
    expect(workflow.graph?.getNode('j')).toBeInstanceOf(JoinNode)
    expect(workflow.graph?.getNode('pick')).toBeInstanceOf(FunctionNode)
    // Fresh agents each build.
    expect(Graph('g').chain('START', a).build().graph?.getNode('a')).not.toBe(
      Graph('g').chain('START', a).build().graph?.getNode('a'),
    )
  })

  it('reports every problem of the graph at build() at once, with stable codes', () => {
    const graph = Graph('g')
      .chain('START', a, b)
      .edge(Agent('lost'), c)
      .edge(b, 'cc')
      .routes(Pipeline('p').step(Agent('d')), { x: a })
      .edge(b, 'p')
    expect(issuesOf(() => graph.build()).map((issue) => `${issue.code} ${issue.path}`)).toEqual([
      'graph_node_unknown g.edges.3',
      'graph_node_unreachable g.nodes.2.lost',
      'graph_node_unreachable g.nodes.3.c',
      'graph_route_not_emitted g.nodes.4.p',
    ])
  })
})
