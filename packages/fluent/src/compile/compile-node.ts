import { ConfigError, type BaseAgent } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { contractErrors } from '../check/check-node.js'
import { lowerNode } from './lower-node.js'
import { validateNode } from '../check/validate-node.js'

/** Options of {@link compileNode}. */
export interface CompileOptions {
  /** State keys present when the run starts, besides those declared with `.initialState()`. */
  readonly initialState?: readonly string[]
}

/**
 * `build()`: validates the whole tree — structure, and the error-level issues of the contract checker — (one
 * `ConfigError` listing every problem with its path), then lowers it to a fresh tree of core agents.
 */
export function compileNode(node: FlowNode, options: CompileOptions = {}): BaseAgent {
  const issues = [...validateNode(node), ...contractErrors(node, options)]
  if (issues.length > 0) throw new ConfigError(issues, { agentName: node.name })
  return lowerNode(node)
}
