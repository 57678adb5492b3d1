import type { ParallelWorker } from '@adk-fluent/core'
import type { NamedNodeFields } from './flow-node.js'

/**
 * A core `ParallelWorker` given to a `Graph` as a node: it runs its inner node once per item of its list input (at
 * most `maxParallelWorkers` at once) and outputs the list of their outputs, in order. Lowers to the worker itself.
 */
export interface GraphParallelWorkerNode extends NamedNodeFields {
  readonly kind: 'graph-parallel-worker'
  readonly worker: ParallelWorker
}

/** @internal */
export const GraphParallelWorkerNode = Object.freeze({
  create(worker: ParallelWorker): GraphParallelWorkerNode {
    return Object.freeze({ kind: 'graph-parallel-worker', name: worker.name, hasGeneratedName: false, worker })
  },
})
