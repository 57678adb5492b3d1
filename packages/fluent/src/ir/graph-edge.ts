import { DEFAULT_ROUTE, type RouteValue } from '@adk-fluent/core'

/** The name edges use for the graph's entry (core's `START`; chains write it `'START'`). */
export const GRAPH_START = 'START'

/**
 * An edge of a `Graph`, between node names (`GRAPH_START` for the entry): taken always (`routes` undefined), or when
 * `from` emits one of `routes` (`DEFAULT_ROUTE` when it emits none that another edge takes).
 */
export interface GraphEdge {
  readonly from: string
  readonly to: string
  readonly routes: readonly RouteValue[] | undefined
}

/** @internal */
export const GraphEdge = Object.freeze({
  create(from: string, to: string, routes?: readonly RouteValue[]): GraphEdge {
    return Object.freeze({ from, to, routes: routes === undefined ? undefined : Object.freeze([...routes]) })
  },
})

/** An edge's routes as views write them: `billing`, `a | b`, `default` (DEFAULT_ROUTE); `''` for an unconditional edge. */
export function formatRoutes(edge: GraphEdge): string {
  return edge.routes === undefined
    ? ''
    : edge.routes.map((route) => (route === DEFAULT_ROUTE ? 'default' : String(route))).join(' | ')
}
