import type { LlmAgent } from '../../agents/llm-agent.js'

/** What the identity lines depend on. */
export interface IdentityFacts {
  readonly name: string
  readonly description: string
  readonly disallowTransferToParent: boolean
  readonly disallowTransferToPeers: boolean
  readonly subAgentCount: number
}

/**
 * The identity lines of a system instruction (ADK JS text): the agent's name, then its description when it has one.
 * Skipped for an agent that can neither transfer nor be transferred to (both disallow flags, no sub-agents).
 */
export function identityLines(facts: IdentityFacts): string[] {
  if (facts.disallowTransferToParent && facts.disallowTransferToPeers && facts.subAgentCount === 0) return []
  const lines = [`You are an agent. Your internal name is "${facts.name}".`]
  if (facts.description) lines.push(`The description about you is "${facts.description}"`)
  return lines
}

/** The identity lines of an agent. */
export function identityInstructions(agent: LlmAgent): string[] {
  return identityLines({
    name: agent.name,
    description: agent.description,
    disallowTransferToParent: agent.disallowTransferToParent,
    disallowTransferToPeers: agent.disallowTransferToPeers,
    subAgentCount: agent.subAgents.length,
  })
}
