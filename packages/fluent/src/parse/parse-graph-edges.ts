import type { RouteValue } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { GraphEdge } from '../ir/graph-edge.js'
import { GraphJoinNode } from '../ir/graph-join-node.js'
import { throwConfigIssue, type IssuePath } from './config-issue.js'
import { describeValue } from './describe-value.js'
import { parseAgentName } from './parse-agent-name.js'
import { parseGraphNode, parseRoutes, routeKey, type GraphNodeInput, type GraphNodeRef } from './parse-graph-node.js'

/** Where a chain element or a routing map leads: one node, or several (a fan-out). */
export type GraphTargets = GraphNodeInput | readonly GraphNodeInput[]

/** Route → destination(s): `{ approve: publish, reject: [notify, archive] }` (an array fans out). */
export interface GraphRoutingMap {
  readonly [route: string]: GraphTargets
}

/** One element of `.chain(...)`: a node, an array of nodes (fan-out or fan-in) or a routing map. */
export type GraphChainElement = GraphTargets | GraphRoutingMap

/** What a graph method adds: the new members (in order) and edges. */
export interface GraphAddition {
  readonly members: readonly FlowNode[]
  readonly edges: readonly GraphEdge[]
}

/** Parses node arguments, remembering the members found so far (so a function given twice is one node). */
class Members {
  readonly added: FlowNode[] = []
  constructor(private readonly existing: readonly FlowNode[]) {}

  ref(value: unknown, path: IssuePath): string {
    const parsed: GraphNodeRef = parseGraphNode(value, path, [...this.existing, ...this.added])
    if (parsed.member && !this.existing.includes(parsed.member) && !this.added.includes(parsed.member))
      this.added.push(parsed.member)
    return parsed.ref
  }

  refs(value: unknown, path: IssuePath): string[] {
    if (!Array.isArray(value)) return [this.ref(value, path)]
    if (value.length === 0) throwConfigIssue('edge_invalid', path, 'an empty list of nodes.', 'List at least one node.')
    return value.map((item: unknown, index) => this.ref(item, [...path, index]))
  }
}

function isRoutingMap(value: unknown): value is GraphRoutingMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return (proto === Object.prototype || proto === null) && !('node' in value) && !('kind' in value)
}

/** `.edge(from, to, route?)`. @internal */
export function parseGraphEdge(
  from: unknown,
  to: unknown,
  route: unknown,
  path: IssuePath,
  existing: readonly FlowNode[],
): GraphAddition {
  const members = new Members(existing)
  const source = members.ref(from, [...path, 'from'])
  const target = members.ref(to, [...path, 'to'])
  const routes = route === undefined ? undefined : parseRoutes(route, [...path, 'route'])
  return { members: members.added, edges: [GraphEdge.create(source, target, routes)] }
}

function routedEdges(sources: readonly string[], map: GraphRoutingMap, path: IssuePath, members: Members): GraphEdge[] {
  const keys = Object.keys(map)
  if (keys.length === 0)
    throwConfigIssue(
      'edge_invalid',
      path,
      'an empty routing map.',
      'Map at least one route to a node: { approve: publish }.',
    )
  const edges: GraphEdge[] = []
  for (const key of keys) {
    const route: RouteValue = routeKey(key)
    for (const target of members.refs(map[key], [...path, key]))
      for (const source of sources) edges.push(GraphEdge.create(source, target, [route]))
  }
  return edges
}

/** `.routes(from, { value: node })`. @internal */
export function parseGraphRoutes(
  from: unknown,
  map: unknown,
  path: IssuePath,
  existing: readonly FlowNode[],
): GraphAddition {
  const members = new Members(existing)
  const source = members.ref(from, [...path, 'from'])
  if (!isRoutingMap(map)) {
    throwConfigIssue(
      'edge_invalid',
      [...path, 'routes'],
      `expected a routing map { route: node }, got ${describeValue(map)}.`,
      'For example .routes(critic, { revise: writer, approve: publish }).',
    )
  }
  return { members: members.added, edges: routedEdges([source], map, [...path, 'routes'], members) }
}

/**
 * `.chain(...)`, ADK's chain: consecutive elements are connected (an array fans out or in: every pair); a routing map
 * after an element gives one routed edge per key from each of the element's nodes; after a map, the chain goes on
 * from all its targets. @internal
 */
export function parseGraphChain(
  elements: readonly unknown[],
  path: IssuePath,
  existing: readonly FlowNode[],
): GraphAddition {
  if (elements.length < 2)
    throwConfigIssue(
      'edge_invalid',
      path,
      `a chain needs at least two elements, got ${elements.length}.`,
      "For example .chain('START', classify, answer).",
    )
  const members = new Members(existing)
  const edges: GraphEdge[] = []
  let previous: string[] | undefined
  let previousWasMap = false
  elements.forEach((element, index) => {
    const at = [...path, index]
    if (isRoutingMap(element)) {
      if (previous === undefined)
        throwConfigIssue(
          'edge_invalid',
          at,
          'a chain cannot start with a routing map.',
          'Put the node that routes before it.',
        )
      if (previousWasMap)
        throwConfigIssue('edge_invalid', at, 'two routing maps in a row.', 'Split them: one chain per routing node.')
      const routed = routedEdges(previous, element, at, members)
      edges.push(...routed)
      previous = [...new Set(routed.map((edge) => edge.to))]
      previousWasMap = true
      return
    }
    const targets = members.refs(element, at)
    if (previous !== undefined)
      for (const source of previous) for (const target of targets) edges.push(GraphEdge.create(source, target))
    previous = targets
    previousWasMap = false
  })
  return { members: members.added, edges }
}

/** `.join(name, ...from)`: a join node and an edge into it from each of `from`. @internal */
export function parseGraphJoin(
  name: unknown,
  from: readonly unknown[],
  path: IssuePath,
  existing: readonly FlowNode[],
): GraphAddition {
  const joinName = parseAgentName(name, 'join')
  const join =
    existing.find((member) => member.kind === 'graph-join' && member.name === joinName) ??
    GraphJoinNode.create(joinName)
  if (from.length < 2)
    throwConfigIssue(
      'edge_invalid',
      [...path, joinName],
      `a join waits for two or more nodes, got ${from.length}.`,
      `For example .join('${joinName}', web, papers).`,
    )
  const members = new Members([...existing, join])
  const sources = from.map((item, index) => members.ref(item, [...path, joinName, index]))
  return {
    members: existing.includes(join) ? members.added : [join, ...members.added],
    edges: sources.map((source) => GraphEdge.create(source, joinName)),
  }
}
