import type { NodeContext, RunNodeOptions } from '@adk-fluent/core'
import type { FlowNode, NamedNodeFields } from './flow-node.js'

/**
 * The context of a graph function: core's `NodeContext`, whose `ctx.runNode()` also takes a fluent builder (built on
 * its first run, once per built graph) — the way a node decides at run time which child to run.
 */
export type GraphNodeContext = NodeContext & {
  runNode(
    node: { readonly node: FlowNode },
    input?: unknown,
    options?: RunNodeOptions,
  ): ReturnType<NodeContext['runNode']>
}

/**
 * The function of a graph node (ADK 2.0's function node): called with the node's context and its input (the output of
 * the node before it); what it returns is its output. It emits a route with `ctx.route = 'x'` (or by returning
 * `createEvent({ output, route })`), writes state with `ctx.state.set()`, and runs other nodes — a builder too — with
 * `ctx.runNode(node, input)`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GraphFunction = (ctx: GraphNodeContext, input: any) => unknown

/** A plain function in a `Graph`: a core `FunctionNode` named after the function. */
export interface GraphFunctionNode extends NamedNodeFields {
  readonly kind: 'graph-function'
  readonly fn: GraphFunction
}

/** @internal */
export const GraphFunctionNode = Object.freeze({
  create(name: string, fn: GraphFunction): GraphFunctionNode {
    return Object.freeze({ kind: 'graph-function', name, hasGeneratedName: false, fn })
  },
})
