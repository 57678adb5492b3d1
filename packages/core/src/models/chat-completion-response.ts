import type { GenerateContentResponseUsageMetadata, Part } from './genai-types.js'
import { FinishReason } from './genai-types.js'
import type { LlmResponse } from './llm-response.js'
import type { ChatToolCall } from './to-chat-completion-request.js'

/** A `/chat/completions` answer (the fields {@link OpenAICompatible} reads). */
export interface ChatCompletion {
  choices?: { message?: ChatCompletionMessage; finish_reason?: string | null }[]
  usage?: ChatCompletionUsage | null
  model?: string
}

/** Token counts of a chat completion (OpenAI field names). */
export interface ChatCompletionUsage {
  prompt_tokens?: number
  completion_tokens?: number
  total_tokens?: number
}

interface ChatCompletionMessage {
  content?: string | null
  /** Reasoning text, as vLLM and DeepSeek-style servers return it. */
  reasoning_content?: string | null
  tool_calls?: ChatToolCall[]
}

const finishReasons: Readonly<Record<string, FinishReason>> = {
  stop: FinishReason.STOP,
  tool_calls: FinishReason.STOP,
  function_call: FinishReason.STOP,
  length: FinishReason.MAX_TOKENS,
  content_filter: FinishReason.SAFETY,
}

/**
 * The genai finish reason of an OpenAI `finish_reason` (`'stop'` → `STOP`, `'length'` → `MAX_TOKENS`, …); servers'
 * own reasons (`'eos'`, …) give none, so an answer is never treated as cut short on a reason we cannot read.
 */
export function toFinishReason(reason: string | null | undefined): FinishReason | undefined {
  return reason ? finishReasons[reason] : undefined
}

/** OpenAI usage as genai usage metadata. */
export function toUsageMetadata(usage: ChatCompletionUsage): GenerateContentResponseUsageMetadata {
  return {
    ...(usage.prompt_tokens !== undefined ? { promptTokenCount: usage.prompt_tokens } : {}),
    ...(usage.completion_tokens !== undefined ? { candidatesTokenCount: usage.completion_tokens } : {}),
    ...(usage.total_tokens !== undefined ? { totalTokenCount: usage.total_tokens } : {}),
  }
}

/** Tool call arguments as an object, or `undefined` when the text is not a JSON object (empty text is `{}`). */
export function parseToolArguments(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text || '{}')
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** The message of a tool call whose arguments are not a JSON object. */
export function malformedToolCallMessage(name: string, text: string): string {
  return `The model called "${name}" with arguments that are not a JSON object: ${text}`
}

/** True for a JSON object (not `null`, not an array). @internal */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What is wrong with one tool call of an answer (whole or a streamed piece), or `undefined`. */
export function toolCallShapeIssue(call: unknown, streamed: boolean): string | undefined {
  if (!isObject(call)) return `a tool call is ${call === null ? 'null' : typeof call}, not an object`
  const fn = call['function']
  if (fn === undefined && streamed) return undefined
  if (!isObject(fn)) return `a tool call has no "function" object`
  if (fn['name'] !== undefined && typeof fn['name'] !== 'string') return `a tool call's function name is not a string`
  if (!streamed && (typeof fn['name'] !== 'string' || fn['name'] === '')) return `a tool call's function has no name`
  const args = fn['arguments']
  if (args !== undefined && args !== null && typeof args !== 'string' && !(isObject(args) && !streamed)) {
    return `a tool call's arguments are neither JSON text nor an object`
  }
  return undefined
}

/**
 * What makes `value` unreadable as a chat completion (`null`, `choices` or `tool_calls` that are not arrays, a tool
 * call without its `function`, …), or `undefined`. {@link OpenAICompatible} turns it into a `ModelError`.
 */
export function chatCompletionShapeIssue(value: unknown): string | undefined {
  if (!isObject(value))
    return `the answer is ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}, not a chat completion object`
  const choices = value['choices']
  if (choices === undefined || choices === null) return undefined
  if (!Array.isArray(choices)) return `"choices" is not an array`
  const choice: unknown = choices[0]
  if (choice === undefined) return undefined
  if (!isObject(choice)) return `"choices[0]" is not an object`
  const message = choice['message']
  if (message === undefined || message === null) return undefined
  if (!isObject(message)) return `"choices[0].message" is not an object`
  for (const field of ['content', 'reasoning_content'] as const) {
    const text = message[field]
    if (text !== undefined && text !== null && typeof text !== 'string')
      return `"choices[0].message.${field}" is not text`
  }
  const calls = message['tool_calls']
  if (calls === undefined || calls === null) return undefined
  if (!Array.isArray(calls)) return `"tool_calls" is not an array`
  for (const call of calls as unknown[]) {
    const issue = toolCallShapeIssue(call, false)
    if (issue) return issue
  }
  return undefined
}

/** A whole (non-streamed) chat completion as one {@link LlmResponse}; check it with {@link chatCompletionShapeIssue} first. */
export function chatCompletionToLlmResponse(completion: ChatCompletion): LlmResponse {
  const choice = completion.choices?.[0]
  const message = choice?.message
  const parts: Part[] = []
  if (message?.reasoning_content) parts.push({ text: message.reasoning_content, thought: true })
  if (message?.content) parts.push({ text: message.content })
  let malformed: string | undefined
  for (const call of message?.tool_calls ?? []) {
    const { name, arguments: raw } = call.function as { name: string; arguments: unknown }
    const text = typeof raw === 'string' ? raw : raw == null ? '' : JSON.stringify(raw)
    const args = parseToolArguments(text)
    if (args) parts.push({ functionCall: { id: call.id, name, args } })
    else malformed = malformedToolCallMessage(name, text)
  }
  const response: LlmResponse = malformed
    ? { errorCode: FinishReason.MALFORMED_FUNCTION_CALL, errorMessage: malformed }
    : parts.length > 0
      ? { content: { role: 'model', parts } }
      : { errorCode: 'UNKNOWN_ERROR', errorMessage: 'The model returned no message content and no tool calls.' }
  const finishReason = toFinishReason(choice?.finish_reason)
  if (finishReason) response.finishReason = finishReason
  if (completion.model) response.modelVersion = completion.model
  if (completion.usage) response.usageMetadata = toUsageMetadata(completion.usage)
  return response
}
