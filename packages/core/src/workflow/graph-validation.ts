import { ConfigError, type ConfigIssueInit } from '../errors/config-error.js'
import { START, type BaseNode } from './base-node.js'
import { DEFAULT_ROUTE, type Edge } from './edge.js'

/**
 * Checks a workflow graph and returns its terminal nodes (no outgoing edge). Every problem is reported at once in one
 * `ConfigError`: duplicate node names, no START, routed or incoming edges of START, nodes unreachable from START,
 * duplicate edges, misused `DEFAULT_ROUTE`, cycles without a routed edge (they could never end).
 */
export function validateGraph(nodes: readonly BaseNode[], edges: readonly Edge[]): Set<string> {
  if (edges.length === 0) return new Set()
  const issues: ConfigIssueInit[] = []
  const names = new Set<string>()
  const duplicates = new Set<string>()
  for (const node of nodes) (names.has(node.name) ? duplicates : names).add(node.name)
  if (duplicates.size > 0) {
    issues.push(
      issue(
        `Duplicate node names found: ${[...duplicates].sort().join(', ')}.`,
        'Pass the exact same object to reuse a node, or give distinct nodes distinct names.',
      ),
    )
  }
  if (!names.has(START.name)) {
    issues.push(issue(`START node (name: '${START.name}') not found in graph nodes.`, "Begin a chain with 'START'."))
  }
  for (const edge of edges) {
    if (edge.fromNode.name === START.name && edge.route !== null) {
      issues.push(
        issue(
          `Edges from START must not have routes (edge to ${edge.toNode.name} has route ${JSON.stringify(edge.route)}).`,
        ),
      )
    }
  }
  connectivityIssues(edges, names, issues)
  duplicateEdgeIssues(edges, issues)
  defaultRouteIssues(edges, issues)
  cycleIssues(edges, names, issues)
  if (issues.length > 0) throw new ConfigError(issues)
  const sources = new Set(edges.map((edge) => edge.fromNode.name))
  return new Set(nodes.filter((node) => node.name !== START.name && !sources.has(node.name)).map((node) => node.name))
}

function issue(message: string, hint?: string): ConfigIssueInit {
  return hint === undefined
    ? { code: 'graph_invalid', path: [], message: `Graph validation failed. ${message}` }
    : { code: 'graph_invalid', path: [], message: `Graph validation failed. ${message}`, hint }
}

function connectivityIssues(edges: readonly Edge[], names: ReadonlySet<string>, issues: ConfigIssueInit[]): void {
  const next = new Map<string, string[]>()
  for (const edge of edges) {
    const list = next.get(edge.fromNode.name) ?? []
    list.push(edge.toNode.name)
    next.set(edge.fromNode.name, list)
  }
  const reachable = new Set<string>()
  const stack = [START.name]
  while (stack.length > 0) {
    const name = stack.pop() as string
    if (reachable.has(name)) continue
    reachable.add(name)
    for (const target of next.get(name) ?? []) if (!reachable.has(target)) stack.push(target)
  }
  const unreachable = [...names].filter((name) => !reachable.has(name)).sort()
  if (names.has(START.name) && unreachable.length > 0) {
    issues.push(
      issue(
        `The following nodes are unreachable from START: ${unreachable.join(', ')}.`,
        'Connect them to a chain that begins at START, or remove them.',
      ),
    )
  }
  if (edges.some((edge) => edge.toNode.name === START.name)) {
    issues.push(issue('START node must not have incoming edges.'))
  }
}

function duplicateEdgeIssues(edges: readonly Edge[], issues: ConfigIssueInit[]): void {
  const seen = new Set<string>()
  for (const edge of edges) {
    const unconditional = edge.route === null || edge.route === undefined
    const routes = unconditional ? [null] : (Array.isArray(edge.route) ? edge.route : [edge.route]).map(String)
    for (const route of routes) {
      const key = JSON.stringify([edge.fromNode.name, edge.toNode.name, route])
      if (seen.has(key)) {
        issues.push(
          issue(
            `Duplicate edge found: from=${edge.fromNode.name}, to=${edge.toNode.name}${unconditional ? '' : `, route=${JSON.stringify(route)}`}.`,
            unconditional
              ? 'The same pair is already connected unconditionally, so the target would be triggered twice.'
              : 'That route already points at this node, so the target would be triggered twice.',
          ),
        )
      }
      seen.add(key)
    }
  }
}

function defaultRouteIssues(edges: readonly Edge[], issues: ConfigIssueInit[]): void {
  const fallbacks = new Map<string, string>()
  for (const edge of edges) {
    if (Array.isArray(edge.route) && edge.route.includes(DEFAULT_ROUTE)) {
      issues.push(
        issue(
          `DEFAULT_ROUTE cannot be combined with other routes in a list (edge from=${edge.fromNode.name}, to=${edge.toNode.name}).`,
          'Use a separate edge for DEFAULT_ROUTE.',
        ),
      )
    }
    if (edge.route !== DEFAULT_ROUTE) continue
    const from = edge.fromNode.name
    const existing = fallbacks.get(from)
    if (existing !== undefined) {
      issues.push(issue(`Multiple DEFAULT_ROUTE edges found from node ${from} to ${existing} and ${edge.toNode.name}.`))
    } else fallbacks.set(from, edge.toNode.name)
  }
}

/** Cycles made only of unconditional edges: nothing could ever leave them. */
function cycleIssues(edges: readonly Edge[], names: ReadonlySet<string>, issues: ConfigIssueInit[]): void {
  const next = new Map<string, string[]>()
  for (const edge of edges) {
    if (edge.route !== null && edge.route !== undefined) continue
    const list = next.get(edge.fromNode.name) ?? []
    list.push(edge.toNode.name)
    next.set(edge.fromNode.name, list)
  }
  const onPath = new Set<string>()
  const done = new Set<string>()
  const path: string[] = []
  const visit = (name: string): string[] | undefined => {
    onPath.add(name)
    path.push(name)
    for (const target of next.get(name) ?? []) {
      if (onPath.has(target)) return [...path.slice(path.indexOf(target)), target]
      if (!done.has(target)) {
        const cycle = visit(target)
        if (cycle) return cycle
      }
    }
    path.pop()
    onPath.delete(name)
    done.add(name)
    return undefined
  }
  for (const name of names) {
    if (done.has(name)) continue
    const cycle = visit(name)
    if (cycle) {
      issues.push(
        issue(
          `Unconditional cycle detected: ${cycle.join(' -> ')}.`,
          'A cycle of unconditional edges never ends: route at least one edge of it (e.g. { again: a, [DEFAULT_ROUTE]: done }) so a node can leave the loop, and bound it with maxSteps.',
        ),
      )
      return
    }
  }
}
