import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import type { BaseNode } from './base-node.js'
import { buildNode, isNodeLike, isPlainObject, type NodeLike } from './build-node.js'
import { Edge, isEdge, type ChainElement, type EdgeItem, type RouteValue, type RoutingMap } from './edge.js'

/** A routing-map key as its route value: `'2'` → `2`, `'true'` → `true`, anything else as is. */
function routeKey(key: string): RouteValue {
  if (/^-?\d+$/.test(key)) return Number(key)
  if (key === 'true' || key === 'false') return key === 'true'
  return key
}

/** Builds each node-like value once (the same function or tool in two items is one node). */
class NodeCache {
  readonly #built = new Map<unknown, BaseNode>()

  get(nodeLike: NodeLike, path: readonly (string | number)[]): BaseNode {
    if (!isNodeLike(nodeLike)) {
      throw new ConfigError([
        {
          code: 'node_invalid',
          path: ['edges', ...path],
          message: `not a node: ${describeValue(nodeLike)}.`,
          hint: "A node is an agent, a tool, a function (ctx, input) => …, a BaseNode, or 'START'.",
        },
      ])
    }
    let node = this.#built.get(nodeLike)
    if (!node) this.#built.set(nodeLike, (node = buildNode(nodeLike)))
    return node
  }
}

/** The nodes of a chain element (a routing map's targets flattened). */
function nodesOf(element: ChainElement): readonly NodeLike[] {
  if (isPlainObject(element))
    return Object.values(element as RoutingMap).flatMap((target) => (Array.isArray(target) ? target : [target]))
  if (Array.isArray(element)) return element as readonly NodeLike[]
  return [element as NodeLike]
}

/**
 * Edge items as edges: an {@link Edge} (or `{ fromNode, toNode, route }`) as is; a chain `[a, b, c]` as `a→b`,
 * `b→c`; an array element fans out or in (every pair); a routing map after an element gives one routed edge per key.
 */
export function parseEdgeItems(edgeItems: readonly EdgeItem[]): Edge[] {
  const nodes = new NodeCache()
  const edges: Edge[] = []
  edgeItems.forEach((item, index) => {
    if (isEdge(item) || isExplicitEdge(item)) {
      const from = nodes.get(item.fromNode, [index, 'fromNode'])
      const to = nodes.get(item.toNode, [index, 'toNode'])
      edges.push(new Edge(from, to, item.route ?? null))
      return
    }
    if (!Array.isArray(item)) {
      throw new ConfigError([
        {
          code: 'edge_invalid',
          path: ['edges', index],
          message: `an edge item must be an Edge or a chain (an array), got ${describeValue(item)}.`,
          hint: "Write a chain: ['START', a, b], or new Edge(a, b, 'route').",
        },
      ])
    }
    parseChain(item as readonly ChainElement[], index, nodes, edges)
  })
  return edges
}

function isExplicitEdge(
  item: unknown,
): item is { fromNode: NodeLike; toNode: NodeLike; route?: RouteValue | RouteValue[] | null } {
  return isPlainObject(item) && 'fromNode' in item && 'toNode' in item
}

function parseChain(chain: readonly ChainElement[], index: number, nodes: NodeCache, edges: Edge[]): void {
  for (let position = 0; position < chain.length - 1; position++) {
    const from = chain[position] as ChainElement
    const to = chain[position + 1] as ChainElement
    const path = [index, position + 1]
    if (!isPlainObject(to)) {
      for (const source of nodesOf(from)) {
        for (const target of nodesOf(to)) edges.push(new Edge(nodes.get(source, path), nodes.get(target, path), null))
      }
      continue
    }
    if (isPlainObject(from)) {
      throw new ConfigError([
        {
          code: 'edge_invalid',
          path: ['edges', ...path],
          message: 'Consecutive routing maps are not allowed in a chain.',
          hint: 'Split them into separate edge items.',
        },
      ])
    }
    const keys = Object.keys(to)
    if (keys.length === 0) {
      throw new ConfigError([
        {
          code: 'edge_invalid',
          path: ['edges', ...path],
          message: 'Routing map must not be empty.',
          hint: 'Provide at least one route -> node mapping, e.g. { approve: publish }.',
        },
      ])
    }
    for (const key of keys) {
      const target = (to as RoutingMap)[key] as NodeLike | readonly NodeLike[]
      for (const source of nodesOf(from)) {
        for (const destination of Array.isArray(target) ? target : [target]) {
          edges.push(
            new Edge(nodes.get(source, path), nodes.get(destination as NodeLike, [...path, key]), routeKey(key)),
          )
        }
      }
    }
  }
}
