import type { Content } from '../../models/genai-types.js'
import type { LlmAgent } from '../../agents/llm-agent.js'
import { isLlmAgent } from '../../agents/is-llm-agent.js'
import type { ReadonlyContext } from '../../agents/readonly-context.js'
import type { LlmRequest } from '../../models/llm-request.js'
import { appendInstructions } from '../../models/llm-request.js'
import { injectSessionState } from '../../instructions/inject-session-state.js'

/**
 * Appends the root's global instruction, the static instruction and the agent's instruction (strings with `{key}`
 * templates injected, providers as returned). With a static instruction the dynamic one is returned as a user
 * content for the contents step to place instead.
 */
export async function applyInstructions(
  agent: LlmAgent,
  context: ReadonlyContext,
  request: LlmRequest,
): Promise<Content | undefined> {
  const root = agent.rootAgent
  if (isLlmAgent(root) && root.globalInstruction) {
    const global = await root.canonicalGlobalInstruction(context)
    const text = global.requireStateInjection
      ? await injectSessionState(global.instruction, context)
      : global.instruction
    appendInstructions(request, [text])
  }
  if (agent.staticInstruction) appendInstructions(request, [agent.staticInstruction])
  if (!agent.instruction) return undefined
  const resolved = await agent.canonicalInstruction(context)
  const text = resolved.requireStateInjection
    ? await injectSessionState(resolved.instruction, context)
    : resolved.instruction
  if (!text) return undefined
  if (agent.staticInstruction) return { role: 'user', parts: [{ text }] }
  appendInstructions(request, [text])
  return undefined
}
