import type { NodeVisit } from './node-visit.js'

/**
 * The agents an LLM agent may hand over to with `transfer_to_agent`, as core lists them: its sub-agents, then its
 * LLM parent (unless `.stay()` / `.isolate()`), then its peers (unless `.noPeers()` / `.isolate()`).
 */
export function transferTargets(visit: NodeVisit): string[] {
  const { node, llmParent } = visit
  if (node.kind !== 'agent') return []
  const targets = node.subAgents.map((sub) => sub.name)
  if (llmParent) {
    if (!node.transfer.disallowTransferToParent) targets.push(llmParent.name)
    if (!node.transfer.disallowTransferToPeers)
      targets.push(...llmParent.subAgents.filter((peer) => peer.name !== node.name).map((peer) => peer.name))
  }
  return targets
}
