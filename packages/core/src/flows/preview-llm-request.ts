import type { Content } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import { ConfigError } from '../errors/config-error.js'
import type { Event } from '../events/event.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import type { MemoryEntry } from '../memory/memory-entry.js'
import { previewRun } from '../preview/preview-run.js'

export interface PreviewLlmRequestOptions {
  /** Session state the request is computed against. */
  state?: Record<string, unknown>
  /** Earlier events of the session (history). */
  events?: readonly Event[]
  /** The user's new message (a string becomes a user text content; default `⟨user message⟩`). */
  userMessage?: string | Content
  /** Branch the agent runs on (for agents inside a ParallelAgent). */
  branch?: string
  /** Plugins the run would have. */
  plugins?: readonly BasePlugin[]
  /** The user's long-term memories (see `PreviewRunOptions.memories`). */
  memories?: readonly (string | MemoryEntry)[]
}

/**
 * The request `agent`'s model receives on its first call of a turn: a {@link previewRun} of the agent (the real
 * runner, processors and callbacks, a stand-in model) stopped after that call. No model is called.
 */
export async function previewLlmRequest(agent: LlmAgent, options: PreviewLlmRequestOptions = {}): Promise<LlmRequest> {
  const { calls } = await previewRun(agent, { ...options, maxCalls: 1 })
  const first = calls[0]
  if (!first) {
    throw new ConfigError(
      [
        {
          code: 'preview_reply_invalid',
          path: [agent.name, 'previewLlmRequest'],
          message: `Agent "${agent.name}" made no model call in the preview: a before-agent or before-model callback (or a plugin) answered instead.`,
          hint: 'Preview a state in which the agent calls its model, or preview the whole run with previewRun().',
        },
      ],
      { agentName: agent.name },
    )
  }
  return first.request
}
