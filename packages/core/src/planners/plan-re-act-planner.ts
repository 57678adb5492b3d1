import type { Part } from '../models/genai-types.js'
import type { Context } from '../agents/context.js'
import type { ReadonlyContext } from '../agents/readonly-context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { BasePlanner } from './base-planner.js'

/** The tags of the Plan-ReAct format, exactly as the model writes them. */
export const PlanReActTag = Object.freeze({
  PLANNING: '/*PLANNING*/',
  REPLANNING: '/*REPLANNING*/',
  REASONING: '/*REASONING*/',
  ACTION: '/*ACTION*/',
  FINAL_ANSWER: '/*FINAL_ANSWER*/',
} as const)

/** A text part starting with one of these tags is planning or reasoning, shown to nobody but the model. */
const thoughtTags: readonly string[] = [
  PlanReActTag.PLANNING,
  PlanReActTag.REASONING,
  PlanReActTag.ACTION,
  PlanReActTag.REPLANNING,
]

const { PLANNING, REPLANNING, REASONING, ACTION, FINAL_ANSWER } = PlanReActTag

const planningInstruction = [
  `Work through every request in two stages: first make a plan, then carry it out with the tools you have, and finish with an answer. Mark each part of what you write with one of these tags, placed at the start of that part:
- ${PLANNING} — the plan you make before doing anything;
- ${ACTION} — what you are about to do with a tool, followed by the tool call itself;
- ${REASONING} — what you learned from a tool result and what it means for the plan;
- ${REPLANNING} — a corrected plan, when results show the current one will not work;
- ${FINAL_ANSWER} — the answer for the user, which always comes last.`,

  `The plan (${PLANNING}) is a short numbered list of steps that together answer the question. Each step should be something one tool call, or your own knowledge, can settle. Prefer the fewest steps that cover the request. If a tool result contradicts what you expected, or a step cannot be done, write a ${REPLANNING} section with the new list of remaining steps instead of carrying on with the old one.`,

  `Before each tool call, write an ${ACTION} section that names the step you are working on and why the call helps. After the result comes back, write a ${REASONING} section: say what the result shows, whether the step is done, and what comes next. Keep both sections short and factual; they are working notes, not part of the reply.`,

  `Write the ${FINAL_ANSWER} section only once the plan is complete or nothing more can be learned. Everything after the ${FINAL_ANSWER} tag is what the user sees, so it must stand on its own: answer the question directly, use the facts the tools returned, and do not mention the plan, the tags or the tool calls.`,

  `Call only the tools that are available to you, with arguments that match their declared parameters; never invent a tool or a parameter. When several calls do not depend on each other, you may make them together. Do not repeat a call whose result you already have.`,

  `If the request is ambiguous, or you lack information that no tool can provide, do not guess: skip the plan, and use the ${FINAL_ANSWER} section to ask the user a clear question about what you need.`,
].join('\n\n')

/**
 * Plan-ReAct prompting for models without built-in thinking: the instruction asks the model to tag its plan,
 * actions, reasoning and final answer, and {@link PlanReActPlanner.processPlanningResponse} turns everything before
 * the final answer into thought parts, so only the answer is visible (and stored by `outputKey`).
 */
export class PlanReActPlanner extends BasePlanner {
  /** The planning instruction; it names every tag of {@link PlanReActTag}. */
  override buildPlanningInstruction(_context: ReadonlyContext, _request: LlmRequest): string {
    return planningInstruction
  }

  /**
   * ADK's part processing: parts before the first named function call are kept, with text split at the **last**
   * `/*FINAL_ANSWER*\/` (the part up to and including the tag becomes a thought, the rest stays visible) and text
   * starting with a planning tag marked as a thought; function calls without a name are dropped; the first named
   * call is kept, and so are the calls directly after it (a parallel group — ADK drops that group when the first
   * call is the very first part, a defect we do not copy); everything after that is dropped. Empty input returns
   * `undefined`.
   */
  override processPlanningResponse(_context: Context, parts: readonly Part[]): Part[] | undefined {
    if (parts.length === 0) return undefined
    const kept: Part[] = []
    let firstCallIndex = -1
    for (const [index, part] of parts.entries()) {
      if (part.functionCall) {
        if (!part.functionCall.name) continue
        kept.push(part)
        firstCallIndex = index
        break
      }
      kept.push(...splitNonCallPart(part))
    }
    if (firstCallIndex >= 0) {
      for (const part of parts.slice(firstCallIndex + 1)) {
        if (!part.functionCall) break
        // A nameless call inside the group is dropped too: no tool could answer it.
        if (part.functionCall.name) kept.push(part)
      }
    }
    return kept
  }
}

function splitNonCallPart(part: Part): Part[] {
  const text = part.text
  if (text && text.includes(FINAL_ANSWER)) {
    const end = text.lastIndexOf(FINAL_ANSWER) + FINAL_ANSWER.length
    const reasoning = text.slice(0, end)
    const answer = text.slice(end)
    const result: Part[] = []
    if (reasoning) result.push({ text: reasoning, thought: true })
    if (answer) result.push({ text: answer })
    return result
  }
  if (text && thoughtTags.some((tag) => text.startsWith(tag))) return [{ ...part, thought: true }]
  return [part]
}
