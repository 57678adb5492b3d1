import type { FlowNode } from './flow-node.js'
import { visitNode, type NodeVisitor } from './node-visitor.js'

/**
 * How a graph node decides the routes of its outgoing edges: `'answer'` — an agent, whose answer is its route (one
 * value per run); `'function'` — a function, which sets `ctx.route` (one value, or several at once); `undefined` — it
 * emits none, so only its unconditional and `DEFAULT_ROUTE` edges are ever taken.
 */
export type RouteSource = 'answer' | 'function' | undefined

const none = (): RouteSource => undefined

const sourceByKind: NodeVisitor<RouteSource> = {
  agent: () => 'answer',
  sequence: none,
  parallel: none,
  loop: none,
  fallback: none,
  route: none,
  'function-step': none,
  'transform-step': none,
  'artifact-step': none,
  tap: none,
  expect: none,
  gate: none,
  race: none,
  timeout: none,
  'map-over': none,
  'remote-agent': none,
  graph: none,
  'graph-function': () => 'function',
  'graph-join': none,
  'graph-parallel-worker': none,
}

/** How `node`, as a node of a graph, emits routes (see {@link RouteSource}). */
export function routeSource(node: FlowNode): RouteSource {
  return visitNode(sourceByKind, node)
}
