import type { LlmAgent } from '../agents/llm-agent.js'
import type { Event } from '../events/event.js'
import { isFinalResponse } from '../events/event.js'
import { parseStructuredOutput } from './output-schema.js'

/**
 * Stores the agent's final answer under its `outputKey` (in the event's state delta, so it is persisted with the
 * event): only for final, non-partial events authored by this agent; thought parts excluded; with an output schema
 * the parsed object, and nothing for a blank answer.
 */
export function saveOutputToState(agent: LlmAgent, event: Event): void {
  const key = agent.outputKey
  if (!key || event.author !== agent.name || !isFinalResponse(event)) return
  const parts = event.content?.parts
  if (!parts || parts.length === 0) return
  let text = ''
  let hasText = false
  for (const part of parts) {
    if (typeof part.text === 'string' && !part.thought) {
      text += part.text
      hasText = true
    }
  }
  if (!hasText) return
  if (agent.outputSchema) {
    if (text.trim().length === 0) return
    event.actions.stateDelta[key] = parseStructuredOutput(agent.outputSchema, text)
    return
  }
  event.actions.stateDelta[key] = text
}
