import type { NodeContext } from '@adk-fluent/core'
import type { NamedNodeFields } from './flow-node.js'

/**
 * The function of a graph node (ADK 2.0's function node): called with the node's context and its input (the output of
 * the node before it); what it returns is its output. It emits a route with `ctx.route = 'x'` (or by returning
 * `createEvent({ output, route })`), writes state with `ctx.state.set()`, and runs other nodes with `ctx.runNode()`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GraphFunction = (ctx: NodeContext, input: any) => unknown

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
