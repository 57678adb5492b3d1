import type { Part, ThinkingConfig } from '../models/genai-types.js'
import type { Context } from '../agents/context.js'
import type { ReadonlyContext } from '../agents/readonly-context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { BasePlanner } from './base-planner.js'

/** Options of {@link BuiltInPlanner}. */
export interface BuiltInPlannerOptions {
  /** Sent as the request's `config.thinkingConfig` (for example `{ includeThoughts: true, thinkingBudget: 1024 }`). */
  thinkingConfig: ThinkingConfig
}

/**
 * Uses the model's own thinking: sets `config.thinkingConfig` on every request. No planning text is added and
 * responses are left as they are (thought parts the model returns stay in the events).
 */
export class BuiltInPlanner extends BasePlanner {
  readonly thinkingConfig: ThinkingConfig

  constructor(options: BuiltInPlannerOptions) {
    super()
    this.thinkingConfig = options.thinkingConfig
  }

  /** Sets `request.config.thinkingConfig`. */
  override applyThinkingConfig(request: LlmRequest): void {
    request.config.thinkingConfig = this.thinkingConfig
  }

  /** No planning text: returns `undefined`. */
  override buildPlanningInstruction(_context: ReadonlyContext, _request: LlmRequest): string | undefined {
    return undefined
  }

  /** Leaves responses unchanged: returns `undefined`. */
  override processPlanningResponse(_context: Context, _parts: readonly Part[]): Part[] | undefined {
    return undefined
  }
}
