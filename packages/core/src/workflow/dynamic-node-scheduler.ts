import type { BaseNode } from './base-node.js'
import type { NodeContext, NodeResult, RunNodeOptions, ScheduleDynamicNode } from './node-context.js'
import { executeChildNode } from './node-runner.js'
import { recordCompletion } from './completion-record.js'
import { recordedResult, repliedResult, type RecordedRun } from './rehydration.js'
import { DynamicNodeFailError } from './workflow-errors.js'

/**
 * Runs the `ctx.runNode` calls of one workflow run (ADK 2.0 `DynamicNodeScheduler`): a run is identified by its path
 * (`wf.node@runId`); a second call for the same path gets the first call's result; a run whose result the session
 * recorded (a resumed invocation) is not run again, nor is a paused run whose interrupts were all answered (unless it
 * is `rerunOnResume`): the reply is its output.
 */
export class DynamicNodeScheduler implements ScheduleDynamicNode {
  readonly #runs = new Map<string, Promise<NodeContext | NodeResult>>()
  readonly #recorded: (path: string) => RecordedRun | undefined
  readonly #abortSignal: AbortSignal | undefined

  /**
   * @param recorded the recorded run of a path, from the session (a resumed invocation).
   * @param abortSignal the workflow's signal, fired when one of its nodes failed.
   */
  constructor(recorded: (path: string) => RecordedRun | undefined, abortSignal: AbortSignal | undefined) {
    this.#recorded = recorded
    this.#abortSignal = abortSignal
  }

  schedule(
    ctx: NodeContext,
    node: BaseNode,
    input: unknown,
    options: RunNodeOptions & { nodeName: string; runId: string },
  ): Promise<NodeContext | NodeResult> {
    const path = ctx.nodePath
      ? `${ctx.nodePath}.${options.nodeName}@${options.runId}`
      : `${options.nodeName}@${options.runId}`
    let run = this.#runs.get(path)
    if (!run) {
      run = this.#start(ctx, node, input, options, path)
      this.#runs.set(path, run)
    }
    return run.then((result) => {
      if (options.useAsOutput) {
        ctx.output = result.output
        ctx.route = result.route
        ctx.outputDelegated = true
      }
      for (const id of result.interruptIds) if (!ctx.interruptIds.includes(id)) ctx.interruptIds.push(id)
      return result
    })
  }

  async #start(
    ctx: NodeContext,
    node: BaseNode,
    input: unknown,
    options: RunNodeOptions & { nodeName: string; runId: string },
    path: string,
  ): Promise<NodeContext | NodeResult> {
    const recorded = this.#recorded(path)
    if (recorded?.finished) return recordedResult(recorded)
    // A run that paused for input and is not rerun on resume: once every interrupt has a reply, the replies are its
    // output (ADK 2.0's handoff); it does not run again.
    const replied = recorded && !node.rerunOnResume ? repliedResult(recorded, ctx.resumeInputs) : undefined
    if (replied) return replied
    let child: NodeContext
    try {
      child = await executeChildNode({
        parent: ctx,
        node,
        input,
        abortSignal: this.#abortSignal,
        options: { ...options, overrideNodePath: path },
      })
    } catch (error) {
      if (DynamicNodeFailError.isInstance(error)) throw error
      throw new DynamicNodeFailError(error, path)
    }
    const stored = recordCompletion(node, child)
    if (stored instanceof Promise) await stored
    return child
  }
}
