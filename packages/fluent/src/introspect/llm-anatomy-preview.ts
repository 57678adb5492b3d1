import {
  ConfigError,
  SET_MODEL_RESPONSE_TOOL_NAME,
  createEvent,
  getFunctionDeclarations,
  isAgentTool,
  isEvent,
  isLlmAgent,
  previewLlmRequest,
  type BaseAgent,
  type Event,
  type LlmAgent,
  type LlmRequest,
} from '@adk-fluent/core'
import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { lowerNode } from '../compile/lower-node.js'
import { validateNode } from '../compile/validate-node.js'
import { describeGenaiSchema, type GenaiSchema } from './describe-schema.js'
import { analyzeFlow } from './flow-analysis.js'
import { afterCall, anatomyItem, contextSummary, historyMode } from './llm-anatomy.js'
import type { TreePath } from './node-visit.js'
import { quoted } from './text-block.js'

/** A message of the conversation, as `@google/genai` shapes it. */
export type Content = NonNullable<Event['content']>

/** What `.llmAnatomy(options)` computes the request against. */
export interface LlmAnatomyOptions {
  /** The session state. */
  readonly state?: Readonly<Record<string, unknown>>
  /** The user's new message. */
  readonly userMessage?: string | Content
  /** Earlier conversation: core events, or contents (role `user` from the user, `model` from the agent itself). */
  readonly history?: readonly (Event | Content)[]
}

/** The request one LLM agent of a tree would send, computed by core's `previewLlmRequest`. */
export interface LlmCallPreview {
  readonly agent: string
  readonly path: TreePath
  readonly node: AgentNode
  readonly request: LlmRequest
}

function llmAgents(agent: BaseAgent): LlmAgent[] {
  const own = isLlmAgent(agent) ? [agent] : []
  const tools = isLlmAgent(agent) ? agent.tools.flatMap((tool) => (isAgentTool(tool) ? llmAgents(tool.agent) : [])) : []
  return [...own, ...agent.subAgents.flatMap(llmAgents), ...tools]
}

function historyEvents(history: LlmAnatomyOptions['history'], agentName: string): Event[] {
  return (history ?? []).map((item) =>
    isEvent(item) ? item : createEvent({ invocationId: 'history', author: item.role === 'user' ? 'user' : agentName, content: item }),
  )
}

/**
 * Builds the tree and asks core's `previewLlmRequest` for the request of every LLM agent in it (sub-agents and agent
 * tools included, in run order): the same request processors a run uses, no model call.
 */
export async function previewLlmCalls(node: FlowNode, options: LlmAnatomyOptions = {}): Promise<LlmCallPreview[]> {
  const structural = validateNode(node)
  if (structural.length > 0) throw new ConfigError(structural, { agentName: node.name })
  const built = llmAgents(lowerNode(node))
  const visits = analyzeFlow(node).visits.filter((visit) => visit.node.kind === 'agent')
  const previews: LlmCallPreview[] = []
  let next = 0
  for (const agent of built) {
    // Both lists are in run order; generated names may have got a suffix, agents' own names never do.
    const found = visits.findIndex((visit, index) => index >= next && visit.node.name === agent.name)
    const visit = visits[found]
    if (!visit || visit.node.kind !== 'agent') continue
    next = found + 1
    const request = await previewLlmRequest(agent, {
      state: { ...options.state },
      events: historyEvents(options.history, agent.name),
      ...(options.userMessage === undefined ? {} : { userMessage: options.userMessage }),
    })
    previews.push({ agent: agent.name, path: visit.path, node: visit.node, request })
  }
  return previews
}

function describePart(role: string, part: NonNullable<Content['parts']>[number]): string {
  if (typeof part.text === 'string') return `[${role}] ${part.text}`
  if (part.functionCall) return `[${role}] call ${part.functionCall.name ?? 'tool'}(${JSON.stringify(part.functionCall.args ?? {})})`
  if (part.functionResponse) return `[${role}] ${part.functionResponse.name ?? 'tool'} returned ${JSON.stringify(part.functionResponse.response ?? {})}`
  return `[${role}] <${Object.keys(part).join(', ')}>`
}

function contentsItem(request: LlmRequest): string {
  const lines = request.contents.flatMap((content) => (content.parts ?? []).map((part) => describePart(content.role ?? 'user', part)))
  if (lines.length === 0) return 'contents sent: (none)'
  return [`contents sent (${request.contents.length}):`, ...lines.map((line) => line.split('\n').join('\n  '))].join('\n')
}

function parameterList(schema: GenaiSchema | undefined): string {
  if (!schema?.properties) return ''
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties)
    .map(([name, value]) => `${name}${required.has(name) ? '' : '?'}: ${describeGenaiSchema(value)}`)
    .join(', ')
}

function toolsItem(request: LlmRequest): string {
  const declarations = getFunctionDeclarations(request)
  if (declarations.length === 0) return '(none)'
  return declarations.map((declaration) => `${declaration.name ?? 'tool'}(${parameterList(declaration.parameters)})`).join('\n')
}

function constraintItem(request: LlmRequest): string {
  const schema = request.config.responseSchema
  if (typeof schema === 'object' && schema !== null) return `responseSchema (JSON) ${describeGenaiSchema(schema as GenaiSchema)}`
  const finalTool = getFunctionDeclarations(request).find((declaration) => declaration.name === SET_MODEL_RESPONSE_TOOL_NAME)
  if (finalTool) return `final answer through ${SET_MODEL_RESPONSE_TOOL_NAME}(${parameterList(finalTool.parameters)})`
  return '(none — free-form text response)'
}

/** The resolved anatomy of one previewed call: the actual system instruction, contents and tool declarations. */
export function formatLlmCallPreview(preview: LlmCallPreview): string {
  const { node, request } = preview
  const system = request.config.systemInstruction
  return [
    `LLM Call Anatomy: ${preview.agent}`,
    ...anatomyItem('1. System:', system ? quoted(system) : '(empty)'),
    ...anatomyItem('2. History:', `${historyMode(node)}\n${contentsItem(request)}`),
    ...anatomyItem('3. Context:', contextSummary(node, '→ rendered into the system instruction above')),
    ...anatomyItem('4. Tools:', toolsItem(request)),
    ...anatomyItem('5. Constraint:', constraintItem(request)),
    ...anatomyItem('6. After:', afterCall(node)),
  ].join('\n')
}

/** `.llmAnatomy(options)`: the resolved anatomy of every LLM agent of the tree, one block each. */
export async function resolvedLlmAnatomy(node: FlowNode, options: LlmAnatomyOptions): Promise<string> {
  const previews = await previewLlmCalls(node, options)
  if (previews.length === 0) return `LLM Call Anatomy: (no LLM agents in "${node.name}")`
  return previews.map(formatLlmCallPreview).join('\n\n')
}
