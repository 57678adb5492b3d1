import type { BaseAgent } from '../agents/base-agent.js'
import { isLlmAgent } from '../agents/is-llm-agent.js'
import type { Event } from '../events/event.js'
import { getFunctionCalls, getFunctionResponses } from '../events/event.js'
import type { Session } from '../sessions/session.js'

/** True when the agent and every ancestor are LlmAgents that allow transfer back to their parent. */
export function isRoutableLlmAgent(agent: BaseAgent): boolean {
  let current: BaseAgent | undefined = agent
  while (current) {
    if (!isLlmAgent(current) || current.disallowTransferToParent) return false
    current = current.parentAgent
  }
  return true
}

/**
 * Which agent handles a new user turn: the agent whose function call the new message answers; else the latest agent
 * (newest first) that may be transferred to across the tree; else the root.
 */
export function findAgentToRun(session: Pick<Session, 'events'>, root: BaseAgent): BaseAgent {
  const events = session.events
  const last = events[events.length - 1]
  const response = last ? getFunctionResponses(last)[0] : undefined
  if (response) {
    // A response without an id answers the latest call of that name (ADK pairs id-less responses by name).
    const answers = response.id
      ? (call: { id?: string | undefined }) => call.id === response.id
      : (call: { name?: string | undefined }) => call.name === response.name
    for (let index = events.length - 2; index >= 0; index--) {
      const event = events[index] as Event
      if (getFunctionCalls(event).some(answers)) {
        const agent = event.author ? root.findAgent(event.author) : undefined
        if (agent) return agent
        break
      }
    }
  }
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index] as Event
    if (!event.author || event.author === 'user') continue
    if (event.author === root.name) return root
    const agent = root.findSubAgent(event.author)
    if (agent && isRoutableLlmAgent(agent)) return agent
  }
  return root
}
