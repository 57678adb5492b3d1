import { isBaseTool, type BaseTool } from '../tools/base-tool.js'
import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import { BaseNode, START, isBaseNode } from './base-node.js'
import { isBaseAgent } from '../agents/base-agent.js'
import { FunctionNode, type FunctionNodeHandler } from './function-node.js'
import { ToolNode } from './tool-node.js'
import { prepareRetryConfig, type RetryConfig } from './retry-config.js'
import type { SchemaLike } from './schema-like.js'

/**
 * Anything that can be a workflow node: a node (every agent is one), a tool, a plain function `(ctx, input) => …`, or
 * the `'START'` sentinel.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type NodeLike = BaseNode | BaseTool | ((...args: any[]) => unknown) | 'START'

/** What `ctx.runNode` accepts: every node-like value except `'START'`. */
export type RunnableNode = Exclude<NodeLike, 'START'>

/** Overrides applied when a node is built from a node-like value (ADK 2.0 `BuildNodeOptions`). */
export interface NodeOptions {
  name?: string
  description?: string
  rerunOnResume?: boolean
  retryConfig?: RetryConfig
  timeout?: number
  inputSchema?: SchemaLike
  outputSchema?: SchemaLike
  /** Wrap the built node in a `ParallelWorker` (it runs once per item of a list input). */
  parallelWorker?: boolean
  /** How many items the parallel worker runs at once (needs `parallelWorker: true`). */
  maxParallelWorkers?: number
}

/** ADK 2.0's name for {@link NodeOptions}. */
export type BuildNodeOptions = NodeOptions

const overridable = [
  'name',
  'description',
  'rerunOnResume',
  'retryConfig',
  'timeout',
  'inputSchema',
  'outputSchema',
] as const

/** True for a value {@link buildNode} accepts. */
export function isNodeLike(value: unknown): value is NodeLike {
  return value === 'START' || isBaseNode(value) || isBaseTool(value) || typeof value === 'function'
}

/** True for a plain object literal (a routing map), not a node, tool or other class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/** A node from a node-like value, without the parallel-worker options (see `buildNode`). @internal */
export function buildInnerNode(nodeLike: NodeLike, options: NodeOptions): BaseNode {
  if (nodeLike === 'START') return START
  if (isBaseNode(nodeLike)) return withOverrides(nodeLike, options)
  if (isBaseTool(nodeLike)) return new ToolNode(nodeLike, options)
  if (typeof nodeLike === 'function') {
    const name = options.name ?? nodeLike.name
    if (!name) {
      throw new ConfigError([
        {
          code: 'tool_name_invalid',
          path: ['node'],
          message: 'The function has no name to give its node.',
          hint: "Pass one: node((ctx, input) => …, { name: 'classify' }).",
        },
      ])
    }
    return new FunctionNode(name, nodeLike as FunctionNodeHandler, options)
  }
  throw new ConfigError([
    {
      code: 'node_invalid',
      path: ['node'],
      message: `unsupported node-like value: ${describeValue(nodeLike)}.`,
      hint: 'A node is an agent, a tool, a function (ctx, input) => …, a BaseNode, or the string "START".',
    },
  ])
}

/** A node with some properties replaced: a copy sharing the original's prototype (the original is unchanged). */
function withOverrides(original: BaseNode, options: NodeOptions): BaseNode {
  const overrides: Record<string, unknown> = {}
  for (const key of overridable) if (options[key] !== undefined) overrides[key] = options[key]
  if (Object.keys(overrides).length === 0) return original
  if (isBaseAgent(original)) {
    throw new ConfigError([
      {
        code: 'options_conflict',
        path: ['node', original.name],
        message: `node options (${Object.keys(overrides).join(', ')}) cannot be applied to agent "${original.name}".`,
        hint: 'Set them on the agent itself (an agent takes timeout, retryConfig, rerunOnResume and waitForOutput).',
      },
    ])
  }
  if (typeof overrides['name'] === 'string') {
    const name = overrides['name'].trim()
    if (!name)
      throw new ConfigError([
        { code: 'text_invalid', path: ['node', 'name'], message: 'Node name must be a non-empty string.' },
      ])
    overrides['name'] = name
  }
  if (options.retryConfig) overrides['preparedRetryConfig'] = prepareRetryConfig(options.retryConfig)
  const copy = Object.create(Object.getPrototypeOf(original) as object) as BaseNode
  return Object.assign(copy, original, overrides)
}
