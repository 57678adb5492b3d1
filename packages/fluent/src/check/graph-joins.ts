import { GRAPH_START, formatRoutes, type GraphEdge } from '../ir/graph-edge.js'
import type { GraphNode } from '../ir/graph-node.js'
import { isDefaultEdge, type GraphTopology } from '../ir/graph-topology.js'
import { routeSource } from '../ir/node-route-source.js'
import type { GraphFinding } from './graph-finding.js'

/** The names reachable from START without taking any of `skipped`. */
function reachableWithout(topology: GraphTopology, skipped: ReadonlySet<GraphEdge>): Set<string> {
  const seen = new Set<string>()
  const stack = [GRAPH_START]
  while (stack.length > 0) {
    const name = stack.pop() as string
    for (const edge of topology.outgoing.get(name) ?? []) {
      if (skipped.has(edge) || seen.has(edge.to)) continue
      seen.add(edge.to)
      stack.push(edge.to)
    }
  }
  return seen
}

/**
 * For each node, the route choices every path from START to it takes (not taking one — all the edges of one node with
 * the same routes, a fan-out on a route being several — leaves the node unreachable), each as its first edge.
 */
export function guardsOf(graph: GraphNode, topology: GraphTopology): Map<string, GraphEdge[]> {
  const choices = new Map<string, GraphEdge[]>()
  for (const edge of graph.edges) {
    if (edge.routes === undefined || !topology.reachable.has(edge.to)) continue
    const key = `${edge.from}\u0000${formatRoutes(edge)}`
    const list = choices.get(key)
    if (list) list.push(edge)
    else choices.set(key, [edge])
  }
  const guards = new Map<string, GraphEdge[]>()
  for (const edges of choices.values()) {
    const still = reachableWithout(topology, new Set(edges))
    for (const name of topology.reachable) {
      if (still.has(name)) continue
      const list = guards.get(name)
      if (list) list.push(edges[0] as GraphEdge)
      else guards.set(name, [edges[0] as GraphEdge])
    }
  }
  return guards
}

function when(edge: GraphEdge): string {
  return isDefaultEdge(edge)
    ? `"${edge.from}" emits none of its other routes (DEFAULT_ROUTE)`
    : `"${edge.from}" emits ${formatRoutes(edge)}`
}

/** How two route choices of one node relate: never both taken (by an agent's one answer, or always), or maybe both. */
export function exclusive(
  graph: GraphTopology,
  left: GraphEdge,
  right: GraphEdge,
): 'never' | 'unless-several' | undefined {
  if (left === right || left.from !== right.from) return undefined
  if (isDefaultEdge(left) !== isDefaultEdge(right)) return 'never'
  if (isDefaultEdge(left)) return undefined
  const routes = new Set((left.routes ?? []).map(String))
  if ((right.routes ?? []).some((route) => routes.has(String(route)))) return undefined
  const source = graph.members.get(left.from)
  return source && routeSource(source) === 'function' ? 'unless-several' : 'never'
}

/**
 * Joins whose branches cannot all arrive: two branches that run on different routes of one node (an error; a warning
 * when that node is a function, which may emit both routes at once), or a branch that runs only on some route while
 * another runs on every route (a warning: on the other routes the join never runs).
 */
export function joinFindings(graph: GraphNode, topology: GraphTopology): GraphFinding[] {
  const joins = graph.nodes.filter((member) => member.kind === 'graph-join' && topology.reachable.has(member.name))
  if (joins.length === 0) return []
  const guards = guardsOf(graph, topology)
  const findings: GraphFinding[] = []
  for (const join of joins) {
    const branches = [...new Set((topology.incoming.get(join.name) ?? []).map((edge) => edge.from))].filter(
      (name) => name === GRAPH_START || topology.reachable.has(name),
    )
    const found = conflict(join.name, branches, guards, topology) ?? partial(join.name, branches, guards)
    if (found) findings.push({ ...found, at: ['nodes', join.name], node: join.name })
  }
  return findings
}

type Found = Omit<GraphFinding, 'at' | 'node'>

function conflict(
  join: string,
  branches: readonly string[],
  guards: ReadonlyMap<string, readonly GraphEdge[]>,
  topology: GraphTopology,
): Found | undefined {
  for (const [index, left] of branches.entries()) {
    for (const right of branches.slice(index + 1)) {
      for (const leftGuard of guards.get(left) ?? []) {
        for (const rightGuard of guards.get(right) ?? []) {
          const relation = exclusive(topology, leftGuard, rightGuard)
          if (!relation) continue
          const unless = relation === 'unless-several' ? ` unless "${leftGuard.from}" emits both routes at once` : ''
          return {
            code: 'graph_join_incomplete',
            level: relation === 'never' ? 'error' : 'warning',
            message: `join "${join}" waits for "${left}" and "${right}", which never both run${unless}: "${left}" runs only when ${when(leftGuard)}, "${right}" only when ${when(rightGuard)}.`,
            hint: `Join branches that run together (a fan-out on one route: { ${String(leftGuard.routes?.[0])}: [${left}, ${right}] }), or let each branch end on its own.`,
          }
        }
      }
    }
  }
  return undefined
}

function partial(
  join: string,
  branches: readonly string[],
  guards: ReadonlyMap<string, readonly GraphEdge[]>,
): Found | undefined {
  for (const branch of branches) {
    for (const guard of guards.get(branch) ?? []) {
      const other = branches.find(
        (candidate) => !(guards.get(candidate) ?? []).some((edge) => edge.from === guard.from),
      )
      if (other === undefined) continue
      return {
        code: 'graph_join_incomplete',
        level: 'warning',
        message: `join "${join}" waits for "${branch}", which runs only when ${when(guard)}, and for "${other}", which runs either way: on the other routes the join never runs, nor anything after it.`,
        hint: `Route "${other}" the same way as "${branch}", or join only branches that run together.`,
      }
    }
  }
  return undefined
}
