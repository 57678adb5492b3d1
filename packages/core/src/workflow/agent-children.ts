import { isBaseAgent, type BaseAgent } from '../agents/base-agent.js'
import { isWorkflow } from './is-workflow.js'

/**
 * The agents directly below an agent in its tree: its sub-agents, or for a workflow the agents among its graph's nodes
 * (each once, in graph order). Agents a dynamic entry runs with `ctx.runNode` are not known before it runs.
 */
export function agentChildren(agent: BaseAgent): readonly BaseAgent[] {
  if (!isWorkflow(agent)) return agent.subAgents
  return (agent.graph?.nodes ?? []).filter((node): node is BaseAgent => isBaseAgent(node))
}
