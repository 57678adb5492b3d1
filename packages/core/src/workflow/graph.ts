import type { BaseNode } from './base-node.js'
import { DEFAULT_ROUTE, type Edge, type EdgeItem, type RouteValue } from './edge.js'
import { parseEdgeItems } from './graph-parser.js'
import { validateGraph } from './graph-validation.js'

/** A node's outgoing edges, prepared for matching routes. */
interface Outgoing {
  readonly always: string[]
  readonly routed: Array<{ readonly routes: ReadonlySet<string>; readonly to: string }>
  readonly fallback: string | undefined
}

/** A validated workflow graph (ADK 2.0 `Graph`): its nodes (from its edges, by identity, in first-seen order). */
export class Graph {
  readonly nodes: BaseNode[]
  readonly edges: Edge[]
  #terminalNodeNames: ReadonlySet<string> = new Set()
  #outgoing = new Map<string, Outgoing>()
  #predecessors = new Map<string, string[]>()
  #nodesByName = new Map<string, BaseNode>()

  constructor(edges: Edge[]) {
    this.edges = edges
    const seen = new Set<BaseNode>()
    const nodes: BaseNode[] = []
    for (const edge of edges) {
      for (const node of [edge.fromNode, edge.toNode]) {
        if (!seen.has(node)) {
          seen.add(node)
          nodes.push(node)
        }
      }
    }
    this.nodes = nodes
  }

  /** Nodes without outgoing edges (filled by {@link Graph.validate}). */
  get terminalNodeNames(): ReadonlySet<string> {
    return this.#terminalNodeNames
  }

  /** The node of that name. */
  getNode(name: string): BaseNode | undefined {
    return this.#nodesByName.get(name)
  }

  /** The names of the nodes with an edge into `name`, each once. */
  predecessorsOf(name: string): readonly string[] {
    return this.#predecessors.get(name) ?? []
  }

  /**
   * The nodes a completed node triggers: every unconditional edge, every edge whose route matches an emitted route
   * (compared as strings), and the `DEFAULT_ROUTE` edge when no route matched.
   */
  getNextPendingNodes(nodeName: string, routes?: RouteValue | RouteValue[] | null): string[] {
    const outgoing = this.#outgoing.get(nodeName) ?? outgoingOf(this.edges, nodeName)
    if (outgoing.routed.length === 0 && outgoing.fallback === undefined) return outgoing.always
    const next = [...outgoing.always]
    let matched = false
    if (routes !== undefined && routes !== null) {
      const emitted = Array.isArray(routes) ? routes.map(String) : [String(routes)]
      for (const edge of outgoing.routed) {
        if (emitted.some((route) => edge.routes.has(route))) {
          next.push(edge.to)
          matched = true
        }
      }
    }
    if (!matched && outgoing.fallback !== undefined) next.push(outgoing.fallback)
    return next
  }

  /** Checks the graph (every problem at once, as a `ConfigError`) and computes its terminal nodes. */
  validate(): void {
    this.#terminalNodeNames = validateGraph(this.nodes, this.edges)
    this.#nodesByName = new Map(this.nodes.map((node) => [node.name, node]))
    this.#outgoing = new Map(this.nodes.map((node) => [node.name, outgoingOf(this.edges, node.name)]))
    this.#predecessors = new Map()
    for (const edge of this.edges) {
      const list = this.#predecessors.get(edge.toNode.name) ?? []
      if (!list.includes(edge.fromNode.name)) list.push(edge.fromNode.name)
      this.#predecessors.set(edge.toNode.name, list)
    }
  }
}

function outgoingOf(edges: readonly Edge[], nodeName: string): Outgoing {
  const always: string[] = []
  const routed: Array<{ routes: ReadonlySet<string>; to: string }> = []
  let fallback: string | undefined
  for (const edge of edges) {
    if (edge.fromNode.name !== nodeName) continue
    if (edge.route === null || edge.route === undefined) always.push(edge.toNode.name)
    else if (edge.route === DEFAULT_ROUTE) fallback = edge.toNode.name
    else
      routed.push({
        routes: new Set((Array.isArray(edge.route) ? edge.route : [edge.route]).map(String)),
        to: edge.toNode.name,
      })
  }
  return { always, routed, fallback }
}

/** Parses edge items (edges and chains), builds the graph and validates it. */
export function createGraphFromEdgeItems(edgeItems: readonly EdgeItem[]): Graph {
  const graph = new Graph(parseEdgeItems(edgeItems))
  graph.validate()
  return graph
}
