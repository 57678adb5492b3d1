import type { BasePlugin } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import type { BuilderKit } from './builder-kit.js'
import type { FlowBuilder } from './flow-builder.js'

const wrapByKind: NodeVisitor<FlowBuilder, [BuilderKit]> = {
  agent: (node, kit) => kit.agent(node),
  sequence: (node, kit) => kit.pipeline(node),
  parallel: (node, kit) => kit.fanOut(node),
  loop: (node, kit) => kit.loop(node),
  fallback: (node, kit) => kit.fallback(node),
  route: (node, kit) => kit.route(node),
  'function-step': (node, kit) => kit.step(node),
  'transform-step': (node, kit) => kit.step(node),
  'artifact-step': (node, kit) => kit.step(node),
  tap: (node, kit) => kit.step(node),
  expect: (node, kit) => kit.step(node),
  gate: (node, kit) => kit.step(node),
  race: (node, kit) => kit.step(node),
  timeout: (node, kit) => kit.step(node),
  'map-over': (node, kit) => kit.step(node),
  'remote-agent': (node, kit) => kit.remote(node),
  graph: (node, kit) => kit.graph(node),
  'graph-function': (node, kit) => kit.step(node),
  'graph-join': (node, kit) => kit.step(node),
  'graph-parallel-worker': (node, kit) => kit.step(node),
}

/** The builder of a node's kind around `node` (what the public factories would have made). @internal */
export function builderForNode(kit: BuilderKit, node: FlowNode): FlowBuilder {
  return visitNode(wrapByKind, node, kit)
}

/** A copy of `node` that also declares `keys` as initial state (appended, without repeats). @internal */
export function withInitialState(node: FlowNode, keys: readonly string[]): FlowNode {
  const initialState = Object.freeze([...new Set([...(node.initialState ?? []), ...keys])])
  return Object.freeze({ ...node, initialState }) as FlowNode
}

/** A copy of `node` with `plugins` appended to its middleware (an instance already there is not added twice). @internal */
export function withMiddleware(node: FlowNode, plugins: readonly BasePlugin[]): FlowNode {
  const middleware = Object.freeze([...new Set([...(node.middleware ?? []), ...plugins])])
  return Object.freeze({ ...node, middleware }) as FlowNode
}
