import { ConfigError } from '../errors/config-error.js'
import type { BaseNode } from './base-node.js'
import { buildInnerNode, type NodeLike, type NodeOptions } from './build-inner-node.js'
import { ParallelWorker } from './parallel-worker.js'

export { isNodeLike, isPlainObject } from './build-inner-node.js'
export type { BuildNodeOptions, NodeLike, NodeOptions, RunnableNode } from './build-inner-node.js'

/**
 * A node from a node-like value: `'START'` → {@link START}; a node (or agent) as itself, or a copy with `options`
 * applied; a tool → a `ToolNode`; a function → a `FunctionNode` named after it (or `options.name`); with
 * `parallelWorker: true`, that node wrapped in a {@link ParallelWorker}.
 */
export function buildNode(nodeLike: NodeLike, options: NodeOptions = {}): BaseNode {
  if (options.maxParallelWorkers !== undefined && !options.parallelWorker) {
    throw new ConfigError([
      {
        code: 'options_conflict',
        path: ['node', 'maxParallelWorkers'],
        message: 'maxParallelWorkers can only be set when parallelWorker is true.',
        hint: 'Add parallelWorker: true, or drop maxParallelWorkers.',
      },
    ])
  }
  if (!options.parallelWorker) return buildInnerNode(nodeLike, options)
  if (nodeLike === 'START') {
    throw new ConfigError([
      { code: 'node_invalid', path: ['node', 'parallelWorker'], message: 'ParallelWorker cannot wrap a START node.' },
    ])
  }
  const { parallelWorker: _p, maxParallelWorkers, ...rest } = options
  return new ParallelWorker(
    buildInnerNode(nodeLike, rest),
    maxParallelWorkers === undefined ? {} : { maxParallelWorkers },
  )
}

/**
 * Wraps a function, tool, agent or node as a workflow node, optionally overriding its properties (ADK 2.0 `node()`).
 * @example
 * const classify = node((ctx, text: string) => (text.endsWith('?') ? 'question' : 'statement'), { name: 'classify' })
 */
export function node(nodeLike: NodeLike, options: NodeOptions = {}): BaseNode {
  return buildNode(nodeLike, options)
}
