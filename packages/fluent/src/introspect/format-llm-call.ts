import {
  SET_MODEL_RESPONSE_TOOL_NAME,
  getFunctionDeclarations,
  type LlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import { SET_MODEL_RESPONSE_IN_WORDS } from './data-flow.js'
import { describeGenaiSchema, type GenaiSchema } from '../check/describe-schema.js'
import { afterCall, anatomyItem, contextSummary, historyMode } from './llm-anatomy.js'
import type { Content, LlmCallPreview } from './preview-llm-calls.js'
import type { AgentNode } from '../ir/agent-node.js'
import { quoted } from './text-block.js'
import { describeToolPause, toolPause } from '../namespaces/tools/tool-pause.js'

/** Config fields shown elsewhere in the anatomy (or set by the runtime for bookkeeping). */
const shownElsewhere = new Set(['systemInstruction', 'tools', 'responseSchema', 'responseMimeType', 'labels'])

function describePart(role: string, part: NonNullable<Content['parts']>[number]): string {
  if (typeof part.text === 'string') return `[${role}] ${part.text}`
  if (part.functionCall)
    return `[${role}] call ${part.functionCall.name ?? 'tool'}(${JSON.stringify(part.functionCall.args ?? {})})`
  if (part.functionResponse)
    return `[${role}] ${part.functionResponse.name ?? 'tool'} returned ${JSON.stringify(part.functionResponse.response ?? {})}`
  return `[${role}] <${Object.keys(part).join(', ')}>`
}

function contentsItem(request: LlmRequest): string {
  const lines = request.contents.flatMap((content) =>
    (content.parts ?? []).map((part) => describePart(content.role ?? 'user', part)),
  )
  if (lines.length === 0) return 'contents sent: (none)'
  return [`contents sent (${request.contents.length}):`, ...lines.map((line) => line.split('\n').join('\n  '))].join(
    '\n',
  )
}

function parameterList(schema: GenaiSchema | undefined): string {
  if (!schema?.properties) return ''
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties)
    .map(([name, value]) => `${name}${required.has(name) ? '' : '?'}: ${describeGenaiSchema(value)}`)
    .join(', ')
}

/** True when the agent has a `preload_memory` tool (it declares no function, so the request alone does not show it). */
function preloadsMemory(node: AgentNode | undefined): boolean {
  return (node?.tools ?? []).some((entry) =>
    entry.kind === 'tool'
      ? entry.tool.name === 'preload_memory'
      : entry.kind === 'tool-composite' && entry.composite.entries.some((item) => item.name === 'preload_memory'),
  )
}

function toolsItem(request: LlmRequest, node: AgentNode | undefined): string {
  const lines = getFunctionDeclarations(request).map((declaration) => {
    const tool = declaration.name === undefined ? undefined : request.toolsDict[declaration.name]
    const pause = tool ? toolPause(tool) : undefined
    const signature = `${declaration.name ?? 'tool'}(${parameterList(declaration.parameters)})`
    return pause ? `${signature} — ${describeToolPause(pause)}` : signature
  })
  if (preloadsMemory(node)) {
    const added = (request.config.systemInstruction ?? '').includes('<PAST_CONVERSATIONS>')
    lines.push(
      added
        ? "preload_memory (no declaration): the memories matching the user's message are in the system instruction above"
        : "preload_memory (no declaration): no memory matched the user's message, so nothing was added (llmAnatomy({ memories }) previews some)",
    )
  }
  return lines.length === 0 ? '(none)' : lines.join('\n')
}

/** `5. Constraint`: the response schema, or in plain words how the answer travels through `set_model_response`. */
export function constraintItem(request: LlmRequest): string {
  const schema = request.config.responseSchema
  if (typeof schema === 'object' && schema !== null)
    return `responseSchema (JSON) ${describeGenaiSchema(schema as GenaiSchema)}`
  const finalTool = getFunctionDeclarations(request).find(
    (declaration) => declaration.name === SET_MODEL_RESPONSE_TOOL_NAME,
  )
  if (!finalTool) return '(none — free-form text response)'
  return [
    `final answer through the ${SET_MODEL_RESPONSE_TOOL_NAME} tool (${parameterList(finalTool.parameters)})`,
    `→ ${SET_MODEL_RESPONSE_IN_WORDS.split('\n').join('\n  ')}`,
    '→ the system instruction above tells the model to call it',
  ].join('\n')
}

function settingsItem(request: LlmRequest): string {
  const entries = Object.entries(request.config).filter(
    ([key, value]) => !shownElsewhere.has(key) && value !== undefined,
  )
  const model = request.model === undefined ? [] : [`model: ${request.model}`]
  return (
    [...model, ...entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`)].join('\n') || '(model defaults)'
  )
}

function replyItem(reply: LlmResponse, source: LlmCallPreview['replySource']): string {
  const lines = (reply.content?.parts ?? []).map((part) => describePart(reply.content?.role ?? 'model', part))
  if (reply.errorCode !== undefined) lines.push(`error ${reply.errorCode}: ${reply.errorMessage ?? ''}`)
  return [
    ...(lines.length > 0 ? lines : ['(empty)']),
    source === 'placeholder' ? '(placeholder: give replies to change it)' : '(from replies)',
  ].join('\n')
}

function heading(call: LlmCallPreview, total: number): string {
  const details = [
    call.callNumber > 1 ? `its call ${call.callNumber}` : undefined,
    call.round !== undefined ? `round ${call.round}` : undefined,
    call.branch !== undefined ? `branch ${call.branch}` : undefined,
  ].filter((part) => part !== undefined)
  return `LLM Call Anatomy: ${call.agent} — call ${call.index} of ${total}${details.length > 0 ? ` (${details.join(', ')})` : ''}`
}

/**
 * One recorded call as text: the actual system instruction, contents, tool declarations, output constraint,
 * generation settings, the stand-in's reply, and where the answer goes.
 */
export function formatLlmCall(call: LlmCallPreview, total: number): string {
  const { node, request } = call
  const system = request.config.systemInstruction
  const history = node ? `${historyMode(node, call.graphNode)}\n${contentsItem(request)}` : contentsItem(request)
  return [
    heading(call, total),
    ...anatomyItem('1. System:', typeof system === 'string' && system.length > 0 ? quoted(system) : '(empty)'),
    ...anatomyItem('2. History:', history),
    ...anatomyItem(
      '3. Context:',
      node ? contextSummary(node, '→ rendered into the system instruction above') : '(not described by the builder)',
    ),
    ...anatomyItem('4. Tools:', toolsItem(request, node)),
    ...anatomyItem('5. Constraint:', constraintItem(request)),
    ...anatomyItem('6. Settings:', settingsItem(request)),
    ...anatomyItem('7. Reply:', replyItem(call.reply, call.replySource)),
    ...anatomyItem('8. After:', node ? afterCall(node) : '(not described by the builder)'),
  ].join('\n')
}
