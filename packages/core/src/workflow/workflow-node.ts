import { BaseNode } from './base-node.js'
import type { NodeContext } from './node-context.js'

/**
 * A base class for custom nodes (ADK 2.0 `WorkflowNode`): implement `runNodeImpl`, which yields events, outputs or
 * `null`; schema checks, retries and timeouts come from {@link BaseNode}.
 * @example
 * class Double extends WorkflowNode<number, number> {
 *   protected async *runNodeImpl(_ctx: NodeContext, input: number) { yield input * 2 }
 * }
 */
export abstract class WorkflowNode<TInput = unknown, TOutput = unknown> extends BaseNode<TInput, TOutput> {
  protected abstract runNodeImpl(ctx: NodeContext, input: TInput): AsyncGenerator<unknown, void, undefined>

  protected runImpl(ctx: NodeContext, input: TInput): AsyncGenerator<unknown, void, undefined> {
    return this.runNodeImpl(ctx, input)
  }
}
