import type { ConfigIssue, IssueCode } from '@adk-fluent/core'
import { GRAPH_START, formatRoutes, type GraphEdge } from '../ir/graph-edge.js'
import type { GraphNode } from '../ir/graph-node.js'
import { graphTopology, isDefaultEdge, type GraphTopology } from '../ir/graph-topology.js'
import { routeSource } from '../ir/node-route-source.js'
import { cycleFindings } from './graph-cycles.js'
import type { GraphFinding } from './graph-finding.js'
import { joinFindings } from './graph-joins.js'
import { outputFindings } from './graph-outputs.js'
import type { IssuePath } from '../parse/config-issue.js'
import { similarKey } from './similar-key.js'

function error(code: IssueCode, at: IssuePath, node: string, message: string, hint: string): GraphFinding {
  return { code, level: 'error', at, node, message, hint }
}

function edgeText(edge: GraphEdge): string {
  const routes = formatRoutes(edge)
  return routes ? `${edge.from} -[${routes}]→ ${edge.to}` : `${edge.from} → ${edge.to}`
}

/** Names used by edges that no member has, and members sharing a name. */
function nameFindings(graph: GraphNode, topology: GraphTopology): GraphFinding[] {
  const findings: GraphFinding[] = []
  const reported = new Set<string>()
  for (const member of graph.nodes) {
    const first = topology.members.get(member.name)
    if (first === member || reported.has(member.name)) continue
    reported.add(member.name)
    findings.push(
      error(
        'graph_node_duplicate',
        ['nodes', member.name],
        member.name,
        `graph "${graph.name}" has two different nodes named "${member.name}" (edges name nodes, so their names must differ).`,
        `Rename one (Agent('${member.name}_2')), or pass the same builder each time it is meant.`,
      ),
    )
  }
  const names = new Set(topology.members.keys())
  graph.edges.forEach((edge, index) => {
    for (const name of [edge.from, edge.to]) {
      if (name === GRAPH_START || names.has(name) || reported.has(`?${name}`)) continue
      reported.add(`?${name}`)
      const guess = similarKey(name, names)
      findings.push(
        error(
          'graph_node_unknown',
          ['edges', index],
          name,
          `the edge ${edgeText(edge)} of graph "${graph.name}" names "${name}", which is not a node of the graph.${guess ? ` Did you mean "${guess}"?` : ''}`,
          guess
            ? `Write '${guess}', or add "${name}" as a builder or function in an edge, chain, routes or join.`
            : `Add "${name}" as a builder or function in an edge, chain, routes or join (a name refers to a node added that way).`,
        ),
      )
    }
  })
  return findings
}

/** START's edges, duplicate edges and DEFAULT_ROUTE used twice: what core would refuse, found with the rest. */
function edgeFindings(graph: GraphNode, topology: GraphTopology): GraphFinding[] {
  const findings: GraphFinding[] = []
  if (!topology.outgoing.has(GRAPH_START)) {
    findings.push(
      error(
        'graph_start_missing',
        ['edges'],
        graph.name,
        `graph "${graph.name}" has no edge from START, so nothing would run.`,
        `Begin a chain with 'START': .chain('START', first, …) or .edge('START', first).`,
      ),
    )
  }
  const seen = new Set<string>()
  const defaults = new Map<string, string>()
  graph.edges.forEach((edge, index) => {
    if (edge.to === GRAPH_START || (edge.from === GRAPH_START && edge.routes !== undefined)) {
      findings.push(
        error(
          'graph_start_edge_invalid',
          ['edges', index],
          graph.name,
          edge.to === GRAPH_START
            ? `the edge ${edgeText(edge)} of graph "${graph.name}" leads into START, which only begins the graph.`
            : `the edge ${edgeText(edge)} of graph "${graph.name}" has a route, but START emits none.`,
          edge.to === GRAPH_START
            ? `Lead it to the first node instead (.edge('${edge.from}', first)).`
            : `Make it unconditional (.edge('START', '${edge.to}')), and route from a node that decides.`,
        ),
      )
    }
    for (const route of edge.routes === undefined ? [undefined] : edge.routes.map(String)) {
      const key = JSON.stringify([edge.from, edge.to, route ?? null])
      if (seen.has(key)) {
        findings.push(
          error(
            'graph_edge_duplicate',
            ['edges', index],
            edge.from,
            `graph "${graph.name}" has the edge ${edgeText(edge)} twice, so "${edge.to}" would run twice.`,
            'Remove the second one.',
          ),
        )
      }
      seen.add(key)
    }
    if (!isDefaultEdge(edge)) return
    const earlier = defaults.get(edge.from)
    if (earlier !== undefined) {
      findings.push(
        error(
          'graph_default_route_duplicate',
          ['edges', index],
          edge.from,
          `"${edge.from}" of graph "${graph.name}" has two DEFAULT_ROUTE edges (to "${earlier}" and "${edge.to}"); when no route matches, one node goes on.`,
          `Keep one DEFAULT_ROUTE edge; to run both, lead it to a node that fans out.`,
        ),
      )
    } else defaults.set(edge.from, edge.to)
  })
  return findings
}

/** Nodes nothing leads to, and routes from nodes that emit none. */
function flowFindings(graph: GraphNode, topology: GraphTopology): GraphFinding[] {
  const findings: GraphFinding[] = []
  if (topology.outgoing.has(GRAPH_START)) {
    for (const name of topology.order) {
      if (topology.reachable.has(name)) continue
      findings.push(
        error(
          'graph_node_unreachable',
          ['nodes', name],
          name,
          `"${name}" of graph "${graph.name}" is not reachable from START: no chain of edges leads to it, so it never runs.`,
          `Add an edge to it (.edge(someNode, '${name}')), or remove it from the graph.`,
        ),
      )
    }
  }
  for (const [name, edges] of topology.outgoing) {
    const member = topology.members.get(name)
    if (!member || routeSource(member) !== undefined) continue
    const routed = edges.filter((edge) => edge.routes !== undefined && !isDefaultEdge(edge))
    if (routed.length === 0) continue
    findings.push(
      error(
        'graph_route_not_emitted',
        ['nodes', name],
        name,
        `"${name}" of graph "${graph.name}" has routed edges (${routed.map((edge) => formatRoutes(edge)).join(', ')}), but it emits no route (only an Agent or a function does), so they are never taken.`,
        `Route from a node that decides: an Agent (its answer is the route, e.g. with .returns(z.enum([...]))) or a function that sets ctx.route.`,
      ),
    )
  }
  return findings
}

/** Every finding of a graph's shape, errors and warnings, in a stable order. */
export function graphFindings(graph: GraphNode): GraphFinding[] {
  if (graph.edges.length === 0) return []
  const topology = graphTopology(graph)
  const findings = [
    ...nameFindings(graph, topology),
    ...edgeFindings(graph, topology),
    ...flowFindings(graph, topology),
    ...cycleFindings(graph, topology),
    ...joinFindings(graph, topology),
    ...outputFindings(graph, topology),
  ]
  // A node's findings at its place in the tree (`nodes.2.writer`), where views find its box.
  return findings.map((finding) => {
    if (finding.at[0] !== 'nodes' || finding.at.length !== 2) return finding
    const index = graph.nodes.findIndex((member) => member.name === finding.at[1])
    return index < 0 ? finding : { ...finding, at: ['nodes', index, finding.at[1] as string] }
  })
}

/**
 * The structural errors of a graph, as `build()` reports them (with the other problems of the tree): no edges, names
 * that clash or name no node, START misused, duplicate edges, unreachable nodes, routes nothing emits, cycles that
 * cannot end, joins that cannot complete and end nodes that both give the graph's output.
 */
export function graphIssues(graph: GraphNode, path: IssuePath): ConfigIssue[] {
  if (graph.edges.length === 0) {
    return [
      {
        code: 'empty_workflow',
        path: [...path, 'edges'],
        message: `Graph "${graph.name}" has no edges. Add them with .chain('START', first, …), .edge(from, to) or .routes(from, { route: node }).`,
      },
    ]
  }
  return graphFindings(graph)
    .filter((finding) => finding.level === 'error')
    .map((finding) => ({
      code: finding.code,
      path: [...path, ...finding.at],
      message: finding.message,
      hint: finding.hint,
    }))
}
