import type { Content } from '../../models/genai-types.js'
import type { LlmAgent } from '../../agents/llm-agent.js'
import type { InvocationContext } from '../../agents/invocation-context.js'
import type { LlmRequest } from '../../models/llm-request.js'
import { currentTurnStart, getContents, isolatedEvents } from '../contents/get-contents.js'

/**
 * Fills `request.contents` with the history the agent sees: everything visible on its branch (`'default'`), only
 * the current turn (`'none'`, which scans backwards only as far as the turn goes), or the user's message of the
 * current turn and the agent's own events (`'isolated'`, see {@link isolatedEvents}). A dynamic instruction displaced
 * by a static one is placed before the trailing block of user contents.
 */
export function applyContents(
  agent: LlmAgent,
  ctx: InvocationContext,
  request: LlmRequest,
  instructionContent: Content | undefined,
): void {
  const override = ctx.contentsOverride
  const mode = override?.agent === agent ? override.includeContents : agent.includeContents
  const events = mode === 'isolated' ? isolatedEvents(ctx.session.events, agent.name, ctx.branch) : ctx.session.events
  const start = mode === 'none' ? currentTurnStart(events, agent.name, ctx.branch) : 0
  // Only code that can edit the request before the model sees it needs private copies of the history.
  const editable = agent.beforeModelCallback.length > 0 || ctx.pluginManager.plugins.length > 0
  const history = getContents(events, agent.name, ctx.branch, start, editable)
  const existing = instructionContent ? [...request.contents, instructionContent] : request.contents
  if (existing.length === 0) {
    request.contents = history
    return
  }
  let index = history.length
  while (index > 0) {
    const content = history[index - 1] as Content
    if (content.role !== 'user' || content.parts?.some((part) => part.functionResponse)) break
    index--
  }
  request.contents = [...history.slice(0, index), ...existing, ...history.slice(index)]
}
