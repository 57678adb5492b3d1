import type { FlowNode, NodeKind } from './flow-node.js'

/** One handler per node kind: adding a kind breaks compilation wherever it is not handled. */
export type NodeVisitor<TResult, TArguments extends unknown[] = []> = {
  readonly [K in NodeKind]: (node: Extract<FlowNode, { kind: K }>, ...rest: TArguments) => TResult
}

/** Calls the handler of `node.kind`. */
export function visitNode<TResult, TArguments extends unknown[]>(
  visitor: NodeVisitor<TResult, TArguments>,
  node: FlowNode,
  ...rest: TArguments
): TResult {
  const handler = visitor[node.kind] as (node: FlowNode, ...rest: TArguments) => TResult
  return handler(node, ...rest)
}
