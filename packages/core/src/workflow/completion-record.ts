import { createEvent } from '../events/event.js'
import type { BaseNode } from './base-node.js'
import type { NodeContext } from './node-context.js'
import { isWorkflow } from './is-workflow.js'

/**
 * Records that a node of a workflow finished when none of its events carried its result (it returned nothing, or set
 * `ctx.output` without emitting it): an event with `nodeInfo.completed` (and the output, if any), stored before the
 * nodes after it start. A run resumed under the same invocation then skips the node instead of running it again.
 * A nested workflow (it runs again on resume, its recorded nodes skipped) and a waiting node record nothing.
 */
export function recordCompletion(node: BaseNode, child: NodeContext): unknown {
  if (child.resultRecorded || isWorkflow(node) || child.interruptIds.length > 0) return undefined
  const info: NonNullable<ReturnType<typeof createEvent>['nodeInfo']> = {
    path: child.nodePath,
    runId: child.runId,
    completed: true,
  }
  if (child.output !== undefined) info.completedOutput = child.output
  const event = createEvent({ author: node.name, invocationId: child.invocationId, nodeInfo: info })
  if (child.branch !== undefined) event.branch = child.branch
  child.resultRecorded = true
  // The stream's promise (when it gives one) settles once the record is stored: the caller awaits it only then.
  return child.channel.push(event)
}
