import { ConfigError, type BaseAgent } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { lowerNode } from './lower-node.js'
import { validateNode } from './validate-node.js'

/**
 * `build()`: validates the whole tree (one `ConfigError` listing every problem with its path), then lowers it to a
 * fresh tree of core agents.
 */
export function compileNode(node: FlowNode): BaseAgent {
  const issues = validateNode(node)
  if (issues.length > 0) throw new ConfigError(issues, { agentName: node.name })
  return lowerNode(node)
}
