import type { LlmAgent } from '../../agents/llm-agent.js'

/**
 * The identity lines of an agent's system instruction (ADK JS text): its name, then its description when it has one.
 * Skipped for an agent that can neither transfer nor be transferred to (both disallow flags, no sub-agents).
 */
export function identityInstructions(agent: LlmAgent): string[] {
  if (agent.disallowTransferToParent && agent.disallowTransferToPeers && agent.subAgents.length === 0) return []
  const lines = [`You are an agent. Your internal name is "${agent.name}".`]
  if (agent.description) lines.push(`The description about you is "${agent.description}"`)
  return lines
}
