import type { Context } from '../../agents/context.js'
import type { LlmAgent } from '../../agents/llm-agent.js'
import { resolveModel } from '../../flows/resolve-model.js'

/** Who makes a model call and with which model name, as the middleware records it. @internal */
export interface CallSite {
  readonly agent: string
  readonly model: string
  readonly invocationId: string
}

/** The agent, model name and invocation of the model call `context` belongs to. @internal */
export function modelCallInfo(context: Context, requestModel: string | undefined): CallSite {
  const ctx = context.invocationContext
  const agent = ctx.agent as LlmAgent
  let model = requestModel
  if (model === undefined) {
    try {
      model = resolveModel(agent, ctx).model
    } catch {
      model = 'unknown'
    }
  }
  return { agent: agent.name, model, invocationId: ctx.invocationId }
}
