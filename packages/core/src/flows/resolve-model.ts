import type { InvocationContext } from '../agents/invocation-context.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import type { BaseLlm } from '../models/base-llm.js'

/**
 * The model `agent` calls in this invocation: the run's `modelOverride` when it gives one, else the agent's own (or
 * inherited) model, else the run's `model`, else the default.
 */
export function resolveModel(agent: LlmAgent, ctx: InvocationContext): BaseLlm {
  const override = ctx.runConfig.modelOverride?.(agent, ctx)
  if (override) return override
  return ctx.runConfig.model === undefined ? agent.canonicalModel : agent.modelWithFallback(ctx.runModel)
}
