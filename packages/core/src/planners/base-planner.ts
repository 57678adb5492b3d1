import type { Part } from '../models/genai-types.js'
import type { Context } from '../agents/context.js'
import type { ReadonlyContext } from '../agents/readonly-context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { brandSymbol, hasBrand } from '../util/brand.js'

const plannerBrand = brandSymbol('base-planner')

/**
 * Makes an agent plan before it acts. The flow calls, for every model request of an agent with a planner:
 * 1. {@link BasePlanner.applyThinkingConfig} — may change the request's config (built-in thinking);
 * 2. {@link BasePlanner.buildPlanningInstruction} — text appended to the system instruction, if any;
 * and, for every model response with parts, {@link BasePlanner.processPlanningResponse} — the parts that replace
 * the response's parts (`undefined` keeps them as they are).
 */
export abstract class BasePlanner {
  constructor() {
    Object.defineProperty(this, plannerBrand, { value: true })
  }

  /** The planning instruction to append to the system instruction, or `undefined` for none. */
  abstract buildPlanningInstruction(context: ReadonlyContext, request: LlmRequest): string | undefined

  /** The parts to keep from a model response (a new list), or `undefined` to leave the response unchanged. */
  abstract processPlanningResponse(context: Context, parts: readonly Part[]): Part[] | undefined

  /** Adjusts the request's config before the call; does nothing by default. */
  applyThinkingConfig(_request: LlmRequest): void {}
}

/** True for any {@link BasePlanner}, whichever module instance created it. */
export function isBasePlanner(value: unknown): value is BasePlanner {
  return hasBrand(value, plannerBrand)
}
