// Ported from google/adk-js core/test/workflow/graph_test.ts, graph_parser_test.ts and graph_validation_test.ts.
// Internals are reached through the public API: `createGraphFromEdgeItems(items)` is `new Workflow({ edges }).graph`,
// `parseEdgeItems(items)` the edges of that graph; the assertions on `logger.debug` calls are left out (the logger
// is internal), their behavioural halves kept.
import { describe, expect, it } from 'vitest'
import { fnNodeClass, type Any, type PortImpl } from './port-harness.test-helper.js'

export function defineGraphCases(impl: PortImpl): void {
  const { Edge, Graph, DEFAULT_ROUTE, Workflow, START } = impl.adk
  const FnNode = fnNodeClass(impl)
  const n = (name: string) => new FnNode(name, (_c: Any, i: Any) => i)
  const build = (edges: Any[]) => new Workflow({ name: 'g', edges }).graph
  /** `parseEdgeItems(items)`: the items under a START edge to their first node, that START edge left out. */
  const parse = (first: Any, items: Any[]) =>
    edgeStrings(build([['START', first], ...items]).edges.filter((e: Any) => e.fromNode.name !== '__START__'))

  describe('graph_test — Graph.getNextPendingNodes', () => {
    it('fires all unconditional edges', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      const graph = new Graph([new Edge(a, b), new Edge(a, c)])
      expect(graph.getNextPendingNodes('a', undefined).sort()).toEqual(['b', 'c'])
    })

    it('fires only the edge matching the emitted route', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      const graph = new Graph([new Edge(a, b, 'x'), new Edge(a, c, 'y')])
      expect(graph.getNextPendingNodes('a', 'x')).toEqual(['b'])
      expect(graph.getNextPendingNodes('a', 'y')).toEqual(['c'])
    })

    it('stops the branch when the route matches no edge', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      const graph = new Graph([new Edge(a, b, 'x'), new Edge(a, c, 'y')])
      expect(graph.getNextPendingNodes('a', 'z')).toEqual([])
      expect(graph.getNextPendingNodes('a', ['y', 'z']).sort()).toEqual(['c'])
    })

    it('takes a DEFAULT_ROUTE edge for an unmatched route', () => {
      const [a, b, d] = [n('a'), n('b'), n('d')]
      const graph = new Graph([new Edge(a, b, 'x'), new Edge(a, d, DEFAULT_ROUTE)])
      expect(graph.getNextPendingNodes('a', 'nope')).toEqual(['d'])
    })

    it('does not follow routed edges when no route was emitted', () => {
      const [a, b] = [n('a'), n('b')]
      const graph = new Graph([new Edge(a, b, 'x')])
      expect(graph.getNextPendingNodes('a', null)).toEqual([])
      expect(graph.getNextPendingNodes('a', undefined)).toEqual([])
      expect(graph.getNextPendingNodes('a', [])).toEqual([])
    })

    it('matches numeric routes by string value (emitted number or string)', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      const graph = new Graph([new Edge(a, b, 2), new Edge(a, c, 3)])
      expect(graph.getNextPendingNodes('a', 2)).toEqual(['b'])
      expect(graph.getNextPendingNodes('a', '2')).toEqual(['b'])
      expect(graph.getNextPendingNodes('a', 3)).toEqual(['c'])
      expect(graph.getNextPendingNodes('a', '3')).toEqual(['c'])
    })

    it('matches boolean routes by string value', () => {
      const [a, b] = [n('a'), n('b')]
      const graph = new Graph([new Edge(a, b, true)])
      expect(graph.getNextPendingNodes('a', true)).toEqual(['b'])
      expect(graph.getNextPendingNodes('a', 'true')).toEqual(['b'])
      expect(graph.getNextPendingNodes('a', false)).toEqual([])
    })

    it('matches an edge with a list of routes', () => {
      const [a, b] = [n('a'), n('b')]
      const graph = new Graph([new Edge(a, b, ['x', 'y'])])
      expect(graph.getNextPendingNodes('a', 'y')).toEqual(['b'])
    })

    it('takes the default route only when no specific route matches', () => {
      const [a, b, d] = [n('a'), n('b'), n('d')]
      const graph = new Graph([new Edge(a, b, 'x'), new Edge(a, d, DEFAULT_ROUTE)])
      expect(graph.getNextPendingNodes('a', 'x')).toEqual(['b'])
      expect(graph.getNextPendingNodes('a', 'unknown')).toEqual(['d'])
    })

    it('builds a graph and computes terminal nodes', () => {
      const [a, b] = [n('a'), n('b')]
      const graph = build([['START', a, b]])
      expect(graph.nodes.map((node: Any) => node.name).sort()).toEqual(['__START__', 'a', 'b'])
      expect([...graph.terminalNodeNames]).toEqual(['b'])
    })

    it('validates at construction (throws on a graph without START)', () => {
      const [a, b] = [n('a'), n('b')]
      expect(() => build([[a, b]])).toThrow()
    })
  })

  describe('graph_parser_test — graph parser', () => {
    it('parses a linear chain', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      expect(edgeStrings(build([['START', a, b, c]]).edges)).toEqual(['__START__->a', 'a->b', 'b->c'])
    })

    it('parses a fan-out array to multiple edges', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      expect(edgeStrings(build([['START', [a, b], c]]).edges)).toEqual(['__START__->a', '__START__->b', 'a->c', 'b->c'])
    })

    it('parses a routing map into conditional edges', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      expect(parse(a, [[a, { question: b, statement: c }]])).toEqual(['a->b:"question"', 'a->c:"statement"'])
    })

    it('parses numeric route keys', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      expect(parse(a, [[a, { 1: b, 2: c }]])).toEqual(['a->b:1', 'a->c:2'])
    })

    it('parses fan-out inside a routing map', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      expect(parse(a, [[a, { retry: [b, c] }]])).toEqual(['a->b:"retry"', 'a->c:"retry"'])
    })

    it('parses DEFAULT_ROUTE keys', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      expect(parse(a, [[a, { ok: b, [DEFAULT_ROUTE]: c }]])).toEqual([
        'a->b:"ok"',
        `a->c:${JSON.stringify(DEFAULT_ROUTE)}`,
      ])
    })

    it('passes explicit Edge instances through', () => {
      const [a, b] = [n('a'), n('b')]
      expect(parse(a, [new Edge(a, b, 'go')])).toEqual(['a->b:"go"'])
    })

    it('rejects consecutive routing maps in a chain', () => {
      const [a] = [n('a')]
      expect(() => build([['START', a, { x: n('b') }, { y: n('c') }]])).toThrow(/consecutive routing maps/i)
    })

    it('rejects an empty routing map', () => {
      const a = n('a')
      expect(() => build([['START', a, {}]])).toThrow(/empty/i)
    })

    it('dedupes nodes by identity in the Graph', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      const graph = build([
        ['START', a, b],
        [a, c],
      ])
      expect(graph.nodes.map((node: Any) => node.name).sort()).toEqual(['__START__', 'a', 'b', 'c'])
      expect(graph.nodes.filter((node: Any) => node.name === 'a')).toHaveLength(1)
    })
  })

  describe('graph_validation_test — graph validation', () => {
    it('accepts a valid graph and computes terminal nodes', () => {
      const [a, b] = [n('a'), n('b')]
      expect([...build([['START', a, b]]).terminalNodeNames]).toEqual(['b'])
    })

    it('rejects duplicate node names', () => {
      const a1 = new FnNode('dup', (_c: Any, i: Any) => i)
      const a2 = new FnNode('dup', (_c: Any, i: Any) => i)
      expect(() =>
        build([
          ['START', a1],
          [a1, a2],
        ]),
      ).toThrow(/duplicate node names/i)
    })

    it('rejects a missing START node', () => {
      const [a, b] = [n('a'), n('b')]
      expect(() => build([[a, b]])).toThrow(/START node.*not found/i)
    })

    it('rejects a routed edge from START', () => {
      const a = n('a')
      expect(() => build([new Edge(START, a, 'go')])).toThrow(/edges from START must not have routes/i)
    })

    it('rejects unreachable nodes', () => {
      const [a, orphan, b] = [n('a'), n('orphan'), n('b')]
      expect(() =>
        build([
          ['START', a],
          [orphan, b],
        ]),
      ).toThrow(/unreachable/i)
    })

    it('rejects duplicate edges', () => {
      const [a, b] = [n('a'), n('b')]
      expect(() =>
        build([
          ['START', a],
          [a, b],
          [a, b],
        ]),
      ).toThrow(/duplicate edge/i)
    })

    it('allows two route keys pointing at the same node', () => {
      const [router, shared] = [n('router'), n('shared')]
      const graph = build([
        ['START', router],
        [router, { approve: shared, escalate: shared }],
      ])
      expect(graph.getNextPendingNodes('router', 'approve')).toEqual(['shared'])
      expect(graph.getNextPendingNodes('router', 'escalate')).toEqual(['shared'])
    })

    it('allows a routed edge alongside an unconditional one to the same node', () => {
      const [a, b] = [n('a'), n('b')]
      expect(() => build([['START', a], [a, b], new Edge(a, b, 'retry')])).not.toThrow()
    })

    it('rejects the same route pointing at the same node twice', () => {
      const [a, b] = [n('a'), n('b')]
      expect(() => build([['START', a], new Edge(a, b, 'go'), new Edge(a, b, 'go')])).toThrow(
        /duplicate edge.*route="go"/i,
      )
    })

    it('rejects a multi-route edge overlapping a single-route one', () => {
      const [a, b] = [n('a'), n('b')]
      expect(() => build([['START', a], new Edge(a, b, ['x', 'y']), new Edge(a, b, 'y')])).toThrow(
        /duplicate edge.*route="y"/i,
      )
    })

    it('rejects multiple DEFAULT_ROUTE edges from one node', () => {
      const [a, b, c] = [n('a'), n('b'), n('c')]
      expect(() => build([['START', a], [a, { [DEFAULT_ROUTE]: b }], new Edge(a, c, DEFAULT_ROUTE)])).toThrow(
        /DEFAULT_ROUTE/i,
      )
    })

    it('rejects an unconditional cycle', () => {
      const [a, b] = [n('a'), n('b')]
      expect(() =>
        build([
          ['START', a],
          [a, b],
          [b, a],
        ]),
      ).toThrow(/cycle/i)
    })

    it('allows a routed (conditional) cycle', () => {
      const [a, b] = [n('a'), n('b')]
      const graph = build([
        ['START', a],
        [a, b],
        [b, { again: a, [DEFAULT_ROUTE]: n('done') }],
      ])
      expect(graph).toBeInstanceOf(Graph)
    })
  })
}

/** Edges as `from->to[:route]` strings. */
function edgeStrings(edges: Any[]): string[] {
  return edges.map((edge: Any) => {
    const route = edge.route === null || edge.route === undefined ? '' : `:${JSON.stringify(edge.route)}`
    return `${edge.fromNode.name}->${edge.toNode.name}${route}`
  })
}
