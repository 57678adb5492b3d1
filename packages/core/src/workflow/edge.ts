import type { RouteKey } from '../events/event.js'
import { brandSymbol, hasBrand } from '../util/brand.js'
import type { BaseNode } from './base-node.js'
import type { NodeLike } from './build-node.js'

const edgeBrand = brandSymbol('workflow.edge')

/** A route value on an edge: matched against the routes a node emits by string value. */
export type RouteValue = RouteKey

/** The route of the edge taken when no other route of its node matched (`'__DEFAULT__'`). */
export const DEFAULT_ROUTE = '__DEFAULT__'

/**
 * Route → destination(s) after a node in a chain: `{ approve: c, reject: [d, e] }` (an array fans out). Keys are
 * strings in JavaScript; `'2'` and `'true'` become the route values `2` and `true`.
 */
export type RoutingMap = Record<string | number, NodeLike | readonly NodeLike[]>

/** One element of a chain: a node, an array of nodes (fan-out / fan-in) or a routing map. */
export type ChainElement = NodeLike | readonly NodeLike[] | RoutingMap

/** What `edges` holds: an {@link Edge}, or a chain such as `['START', a, b, { yes: c, no: d }]`. */
export type EdgeItem =
  | Edge<NodeLike, NodeLike>
  | { fromNode: NodeLike; toNode: NodeLike; route?: RouteValue | RouteValue[] | null }
  | ChainElement[]

/** A directed edge of a workflow graph (ADK 2.0 `Edge`); `route` `null` means always taken. */
export class Edge<TFrom extends NodeLike = BaseNode, TTo extends NodeLike = BaseNode> {
  static {
    Object.defineProperty(Edge.prototype, edgeBrand, { value: true })
  }

  readonly fromNode: TFrom
  readonly toNode: TTo
  /** The route(s) that take this edge; `null` for an unconditional edge. */
  readonly route: RouteValue | RouteValue[] | null

  constructor(fromNode: TFrom, toNode: TTo, route: RouteValue | RouteValue[] | null = null) {
    this.fromNode = fromNode
    this.toNode = toNode
    this.route = route
  }
}

/** True for an {@link Edge}, whichever module instance created it. */
export function isEdge(value: unknown): value is Edge<NodeLike, NodeLike> {
  return hasBrand(value, edgeBrand)
}
