import { AgentTool, type BaseAgent, type BaseTool } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import type { FlowNode } from '../ir/flow-node.js'
import { ForwardingTool } from '../namespaces/tools/forwarding-tool.js'

/** Built trees by the frozen IR node they were compiled from: builders are immutable, so a node's tree never goes stale. */
const builtByNode = new WeakMap<FlowNode, BaseAgent>()

function toolHoldsScript(tool: BaseTool): boolean {
  if (tool instanceof ForwardingTool) return toolHoldsScript(tool.inner)
  return tool instanceof AgentTool && holdsScript(tool.agent)
}

/** True when an agent of the tree (or of its agent tools) runs on a `ScriptedLlm`, whose script is used up by a run. */
function holdsScript(agent: BaseAgent): boolean {
  const { model, tools } = agent as { model?: unknown; tools?: unknown }
  if (model instanceof ScriptedLlm) return true
  if (Array.isArray(tools) && tools.some((tool) => typeof tool === 'object' && toolHoldsScript(tool as BaseTool))) {
    return true
  }
  return agent.subAgents.some(holdsScript)
}

/**
 * The agent tree `.ask()`, `.stream()` and `.events()` run for `node`: `build()` once, then the same tree on every
 * later run (agents keep no per-run state). A tree with a `ScriptedLlm` (`.mock()`) is built per run instead, so each
 * run replays its script from the start.
 */
export function runAgentFor(node: FlowNode, build: () => BaseAgent): BaseAgent {
  const cached = builtByNode.get(node)
  if (cached) return cached
  const agent = build()
  if (!holdsScript(agent)) builtByNode.set(node, agent)
  return agent
}
