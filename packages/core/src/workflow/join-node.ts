import { createEvent } from '../events/event.js'
import { BaseNode } from './base-node.js'
import type { NodeContext } from './node-context.js'

/**
 * A fan-in barrier (ADK 2.0 `JoinNode`): the workflow runs it once every predecessor completed, with their outputs
 * as input (`{ predecessorName: output }`), and it passes that map on as its output.
 * @example
 * new Workflow({ name: 'fan', edges: [['START', [a, b], new JoinNode({ name: 'join' })]] })
 */
export class JoinNode extends BaseNode {
  override get requiresAllPredecessors(): boolean {
    return true
  }

  protected async *runImpl(ctx: NodeContext, input: unknown): AsyncGenerator<unknown, void, undefined> {
    const event = createEvent({ author: this.name, invocationId: ctx.invocationId, output: input })
    if (ctx.branch !== undefined) event.branch = ctx.branch
    yield event
  }
}
