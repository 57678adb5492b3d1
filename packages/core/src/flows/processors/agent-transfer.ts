import type { BaseAgent } from '../../agents/base-agent.js'
import type { LlmAgent } from '../../agents/llm-agent.js'
import { isLlmAgent } from '../../agents/is-llm-agent.js'
import type { LlmRequest } from '../../models/llm-request.js'
import { appendInstructions } from '../../models/llm-request.js'
import type { BaseTool } from '../../tools/base-tool.js'
import { buildTransferInstruction, createTransferToAgentTool } from '../../tools/transfer-to-agent-tool.js'

/** The agents `agent` may transfer to, in listing order: its sub-agents, then its LLM parent, then its peers. */
export function transferTargets(agent: LlmAgent): BaseAgent[] {
  const targets: BaseAgent[] = [...agent.subAgents]
  const parent = agent.parentAgent
  if (parent && isLlmAgent(parent)) {
    if (!agent.disallowTransferToParent) targets.push(parent)
    if (!agent.disallowTransferToPeers) {
      for (const peer of parent.subAgents) if (peer.name !== agent.name) targets.push(peer)
    }
  }
  return targets
}

/** Agents of the tree near `agent` that it may not transfer to, with the reason (for the tool's error). */
function unreachableAgents(agent: LlmAgent, targets: readonly BaseAgent[]): Record<string, string> {
  const reasons: Record<string, string> = {}
  const reachable = new Set(targets.map((target) => target.name))
  const parent = agent.parentAgent
  if (!parent) return reasons
  const setting = (flag: string) =>
    agent.outputSchema ? `"${agent.name}" has an output schema, which sets ${flag}` : `"${agent.name}" has ${flag}`
  if (!reachable.has(parent.name)) {
    reasons[parent.name] = isLlmAgent(parent)
      ? `it is the parent of "${agent.name}", and ${setting('disallowTransferToParent')}`
      : `it is the parent of "${agent.name}" but a workflow agent, not an LLM agent: control returns to it when "${agent.name}" ends`
  }
  for (const peer of parent.subAgents) {
    if (peer === agent || reachable.has(peer.name)) continue
    reasons[peer.name] = isLlmAgent(parent)
      ? `it is a peer of "${agent.name}", and ${setting('disallowTransferToPeers')}`
      : `it is a peer of "${agent.name}" under the workflow agent "${parent.name}", which runs its steps itself (transfers go between LLM agents only)`
  }
  return reasons
}

/**
 * Adds the transfer instruction and returns the `transfer_to_agent` tool when the agent has targets
 * (nothing otherwise).
 */
export function applyAgentTransfer(agent: LlmAgent, request: LlmRequest): BaseTool | undefined {
  const targets = transferTargets(agent)
  if (targets.length === 0) return undefined
  const parent = agent.parentAgent && !agent.disallowTransferToParent ? { name: agent.parentAgent.name } : undefined
  appendInstructions(request, [
    buildTransferInstruction(
      targets.map((target) => ({ name: target.name, description: target.description })),
      parent,
    ),
  ])
  return createTransferToAgentTool(
    targets.map((target) => target.name),
    unreachableAgents(agent, targets),
  )
}
