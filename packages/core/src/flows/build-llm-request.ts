import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { ReadonlyContext } from '../agents/readonly-context.js'
import { Context } from '../agents/context.js'
import type { LlmRequest, LlmRequestConfig } from '../models/llm-request.js'
import { appendInstructions, createLlmRequest } from '../models/llm-request.js'
import type { BaseTool } from '../tools/base-tool.js'
import { identityInstructions } from './processors/identity.js'
import { applyInstructions } from './processors/instructions.js'
import { applyContents } from './processors/contents.js'
import { applyPlanning } from './processors/planning.js'
import { applyAgentTransfer } from './processors/agent-transfer.js'
import { resolveModel } from './resolve-model.js'
import { SET_MODEL_RESPONSE_INSTRUCTION, SetModelResponseTool, responseSchemaOf } from './output-schema.js'

/** True when the agent's final answer must go through the `set_model_response` tool. */
export function usesSetModelResponse(agent: LlmAgent): boolean {
  return agent.outputSchema !== undefined && agent.tools.length > 0
}

/**
 * Builds the request an agent sends to its model, with the same processors on every path (a run, and
 * `previewLlmRequest`): basic config, identity, global/static/agent instructions, contents, planning, agent transfer,
 * then every tool's declaration (`transfer_to_agent` first).
 *
 * System instruction order: identity, global, static, instruction, set_model_response hint, planner, transfer.
 */
export async function buildLlmRequest(agent: LlmAgent, ctx: InvocationContext): Promise<LlmRequest> {
  const model = resolveModel(agent, ctx)
  const request = createLlmRequest(model.model)
  const base = agent.generateContentConfig as LlmRequestConfig | undefined
  request.config = { ...base, labels: { adk_agent_name: agent.name, ...base?.labels } }
  const structuredViaTool = usesSetModelResponse(agent)
  if (agent.outputSchema && !structuredViaTool) {
    request.config.responseSchema = responseSchemaOf(agent.outputSchema)
    request.config.responseMimeType = 'application/json'
  }
  const readonlyContext = new ReadonlyContext(ctx)
  appendInstructions(request, identityInstructions(agent))
  const instructed = applyInstructions(agent, readonlyContext, request)
  const displaced = instructed instanceof Promise ? await instructed : instructed
  if (structuredViaTool) appendInstructions(request, [SET_MODEL_RESPONSE_INSTRUCTION])
  applyContents(agent, ctx, request, displaced)
  if (agent.planner) applyPlanning(agent.planner, readonlyContext, request)
  const tools: BaseTool[] = []
  const transferTool = applyAgentTransfer(agent, request)
  if (transferTool) tools.push(transferTool)
  tools.push(...agent.tools)
  if (structuredViaTool && agent.outputSchema) tools.push(new SetModelResponseTool(agent.outputSchema))
  if (tools.length > 0) {
    const toolContext = new Context({ invocationContext: ctx })
    for (const tool of tools) await tool.processLlmRequest({ toolContext, llmRequest: request })
  }
  return request
}
