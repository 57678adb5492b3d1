import type { Content } from '../../models/genai-types.js'
import type { ReadonlyContext } from '../../agents/readonly-context.js'
import type { LlmRequest } from '../../models/llm-request.js'
import { appendInstructions } from '../../models/llm-request.js'
import type { BasePlanner } from '../../planners/base-planner.js'

/**
 * Applies a planner to the request: its thinking config and planning instruction; history parts lose their
 * `thought` flag (copied, never mutated), so earlier planning text is sent as plain text.
 */
export function applyPlanning(planner: BasePlanner, context: ReadonlyContext, request: LlmRequest): void {
  planner.applyThinkingConfig?.(request)
  const instruction = planner.buildPlanningInstruction(context, request)
  if (instruction) appendInstructions(request, [instruction])
  request.contents = request.contents.map(clearThoughts)
}

function clearThoughts(content: Content): Content {
  if (!content.parts?.some((part) => part.thought)) return content
  return {
    ...content,
    parts: content.parts.map((part) => {
      if (!part.thought) return part
      const { thought: _thought, ...rest } = part
      return rest
    }),
  }
}
