import type { Content } from '../../models/genai-types.js'
import type { LlmAgent } from '../../agents/llm-agent.js'
import { isLlmAgent } from '../../agents/is-llm-agent.js'
import type { ReadonlyContext } from '../../agents/readonly-context.js'
import type { LlmRequest } from '../../models/llm-request.js'
import { appendInstructions } from '../../models/llm-request.js'
import { injectSessionState, injectSessionStateNow } from '../../instructions/inject-session-state.js'

/**
 * Appends the root's global instruction, the static instruction and the agent's instruction (strings with `{key}`
 * templates injected, providers as returned). With a static instruction the dynamic one is returned as a user
 * content for the contents step to place instead. Answers at once (no promise) when every instruction is a string
 * whose templates read only state.
 */
export function applyInstructions(
  agent: LlmAgent,
  context: ReadonlyContext,
  request: LlmRequest,
): Content | undefined | Promise<Content | undefined> {
  const root = agent.rootAgent
  const global = isLlmAgent(root) && root.globalInstruction ? root : undefined
  const globalText = global ? stringNow(global.stringGlobalInstruction, context) : ''
  const ownText = agent.instruction ? stringNow(agent.stringInstruction, context) : ''
  if (globalText === undefined || ownText === undefined) return applyInstructionsLater(agent, context, request)
  return place(agent, request, globalText, ownText)
}

/** A string instruction with its templates injected, when that needs no await; `undefined` otherwise. */
function stringNow(instruction: string | undefined, context: ReadonlyContext): string | undefined {
  return instruction === undefined ? undefined : injectSessionStateNow(instruction, context)
}

async function applyInstructionsLater(
  agent: LlmAgent,
  context: ReadonlyContext,
  request: LlmRequest,
): Promise<Content | undefined> {
  const root = agent.rootAgent
  let globalText = ''
  if (isLlmAgent(root) && root.globalInstruction) {
    const global = await root.canonicalGlobalInstruction(context)
    globalText = global.requireStateInjection
      ? await injectSessionState(global.instruction, context)
      : global.instruction
  }
  let ownText = ''
  if (agent.instruction) {
    const resolved = await agent.canonicalInstruction(context)
    ownText = resolved.requireStateInjection
      ? await injectSessionState(resolved.instruction, context)
      : resolved.instruction
  }
  return place(agent, request, globalText, ownText)
}

/** Global, static, then the agent's instruction (or, with a static instruction, the agent's as a user content). */
function place(agent: LlmAgent, request: LlmRequest, globalText: string, ownText: string): Content | undefined {
  if (globalText) appendInstructions(request, [globalText])
  if (agent.staticInstruction) appendInstructions(request, [agent.staticInstruction])
  if (!ownText) return undefined
  if (agent.staticInstruction) return { role: 'user', parts: [{ text: ownText }] }
  appendInstructions(request, [ownText])
  return undefined
}
