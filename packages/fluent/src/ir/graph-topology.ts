import { DEFAULT_ROUTE } from '@adk-fluent/core'
import type { FlowNode } from './flow-node.js'
import { GRAPH_START, type GraphEdge } from './graph-edge.js'
import type { GraphNode } from './graph-node.js'

/** The shape of a graph, computed once from its edges: what every check and view of it reads. */
export interface GraphTopology {
  /** Each member by name (the first member of a name, when two share one). */
  readonly members: ReadonlyMap<string, FlowNode>
  readonly outgoing: ReadonlyMap<string, readonly GraphEdge[]>
  readonly incoming: ReadonlyMap<string, readonly GraphEdge[]>
  /** Names reachable from `START` (not `START` itself). */
  readonly reachable: ReadonlySet<string>
  /** Reachable members in run order (a depth-first reverse post-order from `START`), then the unreachable ones. */
  readonly order: readonly string[]
  /** Edges that go back to a node that runs before (each closes a cycle). */
  readonly backEdges: ReadonlySet<GraphEdge>
  /** The cycles: strongly connected sets of members (two or more, or one with an edge to itself), in run order. */
  readonly cycles: readonly (readonly string[])[]
  /** Members with no outgoing edge: the graph's output is theirs. */
  readonly terminals: readonly string[]
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** True for an edge taken whatever its source emits. */
export function isUnconditional(edge: GraphEdge): boolean {
  return edge.routes === undefined
}

/** True for a `DEFAULT_ROUTE` edge. */
export function isDefaultEdge(edge: GraphEdge): boolean {
  return edge.routes?.length === 1 && edge.routes[0] === DEFAULT_ROUTE
}

const cache = new WeakMap<GraphNode, GraphTopology>()

/** The topology of a graph node (computed once per node: nodes are frozen). */
export function graphTopology(graph: GraphNode): GraphTopology {
  let topology = cache.get(graph)
  if (!topology) cache.set(graph, (topology = computeTopology(graph)))
  return topology
}

function computeTopology(graph: GraphNode): GraphTopology {
  const members = new Map<string, FlowNode>()
  for (const member of graph.nodes) if (!members.has(member.name)) members.set(member.name, member)
  const outgoing = new Map<string, GraphEdge[]>()
  const incoming = new Map<string, GraphEdge[]>()
  for (const edge of graph.edges) {
    push(outgoing, edge.from, edge)
    push(incoming, edge.to, edge)
  }
  // Depth-first from START: post-order gives run order (reversed); an edge to a node on the stack closes a cycle.
  const state = new Map<string, 'open' | 'done'>()
  const postOrder: string[] = []
  const backEdges = new Set<GraphEdge>()
  const stack: { name: string; next: number }[] = [{ name: GRAPH_START, next: 0 }]
  state.set(GRAPH_START, 'open')
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { name: string; next: number }
    const edges = outgoing.get(top.name) ?? []
    const edge = edges[top.next++]
    if (!edge) {
      state.set(top.name, 'done')
      postOrder.push(top.name)
      stack.pop()
      continue
    }
    const seen = state.get(edge.to)
    if (seen === 'open') backEdges.add(edge)
    else if (seen === undefined && (members.has(edge.to) || edge.to === GRAPH_START)) {
      state.set(edge.to, 'open')
      stack.push({ name: edge.to, next: 0 })
    }
  }
  const ordered = postOrder.reverse().filter((name) => name !== GRAPH_START)
  const reachable = new Set(ordered)
  const order = [...ordered, ...[...members.keys()].filter((name) => !reachable.has(name))]
  const terminals = [...members.keys()].filter((name) => !outgoing.has(name))
  return { members, outgoing, incoming, reachable, order, backEdges, cycles: cyclesOf(order, outgoing), terminals }
}

/** Strongly connected components (Tarjan's, iterative) that are cycles, in the order of their first member. */
function cyclesOf(order: readonly string[], outgoing: ReadonlyMap<string, readonly GraphEdge[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const found: string[][] = []
  let counter = 0
  const known = new Set(order)
  for (const root of order) {
    if (index.has(root)) continue
    const work: { name: string; next: number }[] = [{ name: root, next: 0 }]
    index.set(root, counter)
    low.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (work.length > 0) {
      const frame = work[work.length - 1] as { name: string; next: number }
      const edge = (outgoing.get(frame.name) ?? [])[frame.next++]
      if (edge) {
        if (!known.has(edge.to)) continue
        if (!index.has(edge.to)) {
          index.set(edge.to, counter)
          low.set(edge.to, counter++)
          stack.push(edge.to)
          onStack.add(edge.to)
          work.push({ name: edge.to, next: 0 })
        } else if (onStack.has(edge.to)) {
          low.set(frame.name, Math.min(low.get(frame.name) as number, index.get(edge.to) as number))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.name, Math.min(low.get(parent.name) as number, low.get(frame.name) as number))
      if (low.get(frame.name) !== index.get(frame.name)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.name)
      const selfLoop = (outgoing.get(frame.name) ?? []).some((candidate) => candidate.to === frame.name)
      if (component.length > 1 || selfLoop) found.push(component)
    }
  }
  const position = new Map(order.map((name, at) => [name, at]))
  const byOrder = (a: string, b: string) => (position.get(a) as number) - (position.get(b) as number)
  return found.map((component) => component.sort(byOrder)).sort((a, b) => byOrder(a[0] as string, b[0] as string))
}
