import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import { BaseNode } from './base-node.js'
import { buildInnerNode, type RunnableNode } from './build-inner-node.js'
import type { NodeContext } from './node-context.js'

/** How many items a {@link ParallelWorker} runs at once unless told otherwise (ADK 2.0's default). */
export const DEFAULT_MAX_PARALLEL_WORKERS = 8

/** Options of a {@link ParallelWorker} (ADK 2.0 `ParallelWorkerConfig`). */
export interface ParallelWorkerConfig {
  /** How many items run at once (default 8; `Infinity` for no bound). */
  maxParallelWorkers?: number
}

/**
 * A node that runs a wrapped node once per item of a list input (ADK 2.0 `ParallelWorker`): each item through
 * `ctx.runNode(inner, item, { useSubBranch: true, runId: index })`, at most `maxParallelWorkers` at once; its output is
 * the children's outputs in input order. A non-list input is a one-item list. The first failure is rethrown (the
 * other outputs are dropped). An item that pauses for input pauses the worker (its interrupt ids become the worker's);
 * on resume the worker runs again and the items that completed are fast-forwarded from the session, not run again.
 * On abort it stops claiming items and emits no list. The wrapped value is anything an edge takes (an agent, a tool,
 * a function, a node); the worker takes its name.
 * @example
 * const summarizeEach = new ParallelWorker(summarizer, { maxParallelWorkers: 4 })
 */
export class ParallelWorker extends BaseNode {
  readonly maxParallelWorkers: number | undefined
  /** The node run once per item. */
  readonly inner: BaseNode

  constructor(inner: RunnableNode, config: ParallelWorkerConfig = {}) {
    const built = buildInnerNode(inner, {})
    super({ name: built.name, rerunOnResume: true })
    const max = config?.maxParallelWorkers
    if (max !== undefined && (typeof max !== 'number' || !(max >= 1) || (!Number.isInteger(max) && max !== Infinity))) {
      throw new ConfigError([
        {
          code: 'number_invalid',
          path: ['ParallelWorker', built.name, 'maxParallelWorkers'],
          message: `maxParallelWorkers must be greater than or equal to 1 (got ${describeValue(max)}).`,
          hint: `Give a whole number of items to run at once (default ${DEFAULT_MAX_PARALLEL_WORKERS}), or Infinity.`,
        },
      ])
    }
    this.inner = built
    this.maxParallelWorkers = max
  }

  override get checkpointAsStep(): boolean {
    // Its items are node runs of their own (each recorded); the worker only gathers them.
    return false
  }

  protected async *runImpl(ctx: NodeContext, input: unknown): AsyncGenerator<unknown, void, undefined> {
    const items: readonly unknown[] = Array.isArray(input) ? input : [input]
    if (items.length === 0) {
      yield []
      return
    }
    const results: unknown[] = new Array(items.length)
    const poolSize = Math.min(this.maxParallelWorkers ?? DEFAULT_MAX_PARALLEL_WORKERS, items.length)
    const aborted = () => ctx.abortSignal?.aborted === true || ctx.invocationContext.abortSignal?.aborted === true
    let next = 0
    let failure: { error: unknown } | undefined
    let interrupted = false
    const interruptIds: string[] = []
    const worker = async (): Promise<void> => {
      while (!failure && !interrupted && !aborted()) {
        const index = next++
        if (index >= items.length) return
        try {
          const child = await ctx.runNode(this.inner, items[index], {
            useSubBranch: true,
            runId: String(index),
            overrideNodePath: `${ctx.nodePath}.${this.inner.name}@${index}`,
          })
          if (child.interruptIds.length > 0) {
            interrupted = true
            for (const id of child.interruptIds) if (!interruptIds.includes(id)) interruptIds.push(id)
            return
          }
          results[index] = child.output
        } catch (error) {
          failure ??= { error }
          return
        }
      }
    }
    await Promise.all(Array.from({ length: poolSize }, worker))
    if (failure) throw failure.error
    if (interrupted) {
      for (const id of interruptIds) if (!ctx.interruptIds.includes(id)) ctx.interruptIds.push(id)
      return
    }
    if (aborted()) return
    yield results
  }
}
