import type { Content } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { ReadonlyContext } from '../agents/readonly-context.js'
import { Context } from '../agents/context.js'
import type { LlmRequest, LlmRequestConfig } from '../models/llm-request.js'
import { appendInstructions, createLlmRequest } from '../models/llm-request.js'
import { declareTool, declaresByDefault, type BaseTool } from '../tools/base-tool.js'
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
 * Answers at once (no promise) when the instructions are strings reading only state and every tool adds itself the
 * default way ({@link declaresByDefault}).
 */
export function buildLlmRequest(agent: LlmAgent, ctx: InvocationContext): LlmRequest | Promise<LlmRequest> {
  const model = resolveModel(agent, ctx)
  const request = createLlmRequest(model.model)
  const base = agent.generateContentConfig as LlmRequestConfig | undefined
  request.config = { ...base, labels: { adk_agent_name: agent.name, ...base?.labels } }
  if (agent.outputSchema && !usesSetModelResponse(agent)) {
    request.config.responseSchema = responseSchemaOf(agent.outputSchema)
    request.config.responseMimeType = 'application/json'
  }
  const readonlyContext = new ReadonlyContext(ctx)
  appendInstructions(request, identityInstructions(agent))
  const instructed = applyInstructions(agent, readonlyContext, request)
  return instructed instanceof Promise
    ? instructed.then((displaced) => finishRequest(agent, ctx, readonlyContext, request, displaced))
    : finishRequest(agent, ctx, readonlyContext, request, instructed)
}

/** Everything after the instructions: contents, planning, agent transfer and the tools. */
function finishRequest(
  agent: LlmAgent,
  ctx: InvocationContext,
  readonlyContext: ReadonlyContext,
  request: LlmRequest,
  displaced: Content | undefined,
): LlmRequest | Promise<LlmRequest> {
  const structuredViaTool = usesSetModelResponse(agent)
  if (structuredViaTool) appendInstructions(request, [SET_MODEL_RESPONSE_INSTRUCTION])
  applyContents(agent, ctx, request, displaced)
  if (agent.planner) applyPlanning(agent.planner, readonlyContext, request)
  const transferTool = applyAgentTransfer(agent, request)
  const tools: readonly BaseTool[] =
    transferTool || structuredViaTool
      ? [
          ...(transferTool ? [transferTool] : []),
          ...agent.tools,
          ...(structuredViaTool && agent.outputSchema ? [new SetModelResponseTool(agent.outputSchema)] : []),
        ]
      : agent.tools
  for (let index = 0; index < tools.length; index++) {
    const tool = tools[index] as BaseTool
    if (!declaresByDefault(tool)) return declareToolsLater(ctx, request, tools, index)
    declareTool(tool, request)
  }
  return request
}

/** The tools from `from` on, each through its own (possibly asynchronous) `processLlmRequest`. */
async function declareToolsLater(
  ctx: InvocationContext,
  request: LlmRequest,
  tools: readonly BaseTool[],
  from: number,
): Promise<LlmRequest> {
  const toolContext = new Context({ invocationContext: ctx })
  for (const tool of tools.slice(from)) await tool.processLlmRequest({ toolContext, llmRequest: request })
  return request
}
