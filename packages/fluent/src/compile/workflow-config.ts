import type { BaseAgent, BaseAgentConfig } from '@adk-fluent/core'
import type { WorkflowFields } from '../ir/workflow-fields.js'
import { composeCallbacks } from './compose-callbacks.js'

/** The core config shared by workflow agents: name, description, sub-agents and the composed agent callbacks. */
export function workflowConfig(node: WorkflowFields, name: string, subAgents: readonly BaseAgent[]): BaseAgentConfig {
  const config: BaseAgentConfig = { name, subAgents }
  if (node.description !== undefined) config.description = node.description
  const before = composeCallbacks(node.beforeAgent)
  if (before) config.beforeAgentCallback = before
  const after = composeCallbacks(node.afterAgent)
  if (after) config.afterAgentCallback = after
  if (node.middleware?.length) config.plugins = node.middleware
  return config
}
