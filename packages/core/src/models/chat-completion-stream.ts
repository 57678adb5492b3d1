import type { GenerateContentResponseUsageMetadata, Part } from './genai-types.js'
import type { GenerateContentResponseFields } from './create-llm-response.js'
import { FinishReason } from './genai-types.js'
import {
  isObject,
  malformedToolCallMessage,
  toolCallShapeIssue,
  parseToolArguments,
  toFinishReason,
  toUsageMetadata,
  type ChatCompletionUsage,
} from './chat-completion-response.js'

/** One `data:` payload of a streamed `/chat/completions` answer (`stream: true`). */
export interface ChatCompletionChunk {
  choices?: { delta?: ChatCompletionDelta; finish_reason?: string | null }[]
  usage?: ChatCompletionUsage | null
  model?: string
  /** Some servers report a failure inside the stream. */
  error?: { message?: unknown } | string
}

interface ChatCompletionDelta {
  content?: string | null
  /** Reasoning text: `reasoning_content` (vLLM, DeepSeek) or `reasoning` (Ollama, OpenRouter). */
  reasoning_content?: string | null
  reasoning?: string | null
  tool_calls?: ChatToolCallDelta[]
}

interface ChatToolCallDelta {
  index?: number
  id?: string
  function?: { name?: string; arguments?: string }
}

interface PendingToolCall {
  id: string | undefined
  name: string
  arguments: string
}

/**
 * Turns the chunks of a streamed chat completion into `@google/genai`-shaped chunks for core's
 * `StreamingResponseAggregator`, so an OpenAI-compatible stream reads exactly like a Gemini one: text and reasoning
 * deltas at once; tool calls (whose arguments arrive in pieces, keyed by `index`) whole at the end, with the finish
 * reason and the usage the server sends last (`stream_options.include_usage`).
 */
export class ChatCompletionChunkReader {
  readonly #toolCalls = new Map<number, PendingToolCall>()
  #finishReason: FinishReason | undefined
  #usage: GenerateContentResponseUsageMetadata | undefined
  #model: string | undefined
  #finished = false

  /** True once a chunk carried a finish reason (any, also one we cannot read): the answer was not cut off. */
  get finished(): boolean {
    return this.#finished
  }

  /** Takes one chunk (checked with {@link chatCompletionChunkShapeIssue}); returns the genai chunks to aggregate now. */
  push(chunk: ChatCompletionChunk): GenerateContentResponseFields[] {
    if (chunk.usage) this.#usage = toUsageMetadata(chunk.usage)
    if (chunk.model) this.#model = chunk.model
    const choice = chunk.choices?.[0]
    if (typeof choice?.finish_reason === 'string' && choice.finish_reason !== '') this.#finished = true
    const finishReason = toFinishReason(choice?.finish_reason)
    if (finishReason) this.#finishReason = finishReason
    const delta = choice?.delta
    if (!delta) return []
    for (const call of delta.tool_calls ?? []) this.#addToolCall(call)
    const parts: Part[] = []
    const reasoning = delta.reasoning_content ?? delta.reasoning
    if (reasoning) parts.push({ text: reasoning, thought: true })
    if (delta.content) parts.push({ text: delta.content })
    return parts.length > 0 ? [{ candidates: [{ content: { role: 'model', parts } }] }] : []
  }

  /** A tool call that never got a function name, when there is one: the answer cannot be used. */
  unnamedToolCall(): string | undefined {
    for (const [index, call] of this.#toolCalls)
      if (call.name === '') return `the tool call at index ${index} has no function name`
    return undefined
  }

  /** Ends the stream: the tool calls (or the reason they are malformed), the finish reason and the usage. */
  finish(): GenerateContentResponseFields[] {
    const parts: Part[] = []
    let finishReason = this.#finishReason
    let finishMessage: string | undefined
    for (const call of [...this.#toolCalls.entries()].sort(([a], [b]) => a - b).map(([, pending]) => pending)) {
      const args = parseToolArguments(call.arguments)
      if (args) parts.push({ functionCall: { ...(call.id ? { id: call.id } : {}), name: call.name, args } })
      else {
        finishReason = FinishReason.MALFORMED_FUNCTION_CALL
        finishMessage = malformedToolCallMessage(call.name, call.arguments)
      }
    }
    if (finishMessage) parts.length = 0
    const chunk: GenerateContentResponseFields = {
      candidates: [
        {
          ...(parts.length > 0 ? { content: { role: 'model', parts } } : {}),
          ...(finishReason ? { finishReason } : {}),
          ...(finishMessage ? { finishMessage } : {}),
        },
      ],
    }
    if (this.#usage) chunk.usageMetadata = this.#usage
    if (this.#model) chunk.modelVersion = this.#model
    return [chunk]
  }

  #addToolCall(delta: ChatToolCallDelta): void {
    const index = delta.index ?? this.#toolCalls.size
    let pending = this.#toolCalls.get(index)
    if (!pending) {
      pending = { id: undefined, name: '', arguments: '' }
      this.#toolCalls.set(index, pending)
    }
    if (delta.id) pending.id = delta.id
    if (delta.function?.name) pending.name += delta.function.name
    if (delta.function?.arguments) pending.arguments += delta.function.arguments
  }
}

/** What makes a parsed stream event unreadable as a {@link ChatCompletionChunk}, or `undefined`. */
export function chatCompletionChunkShapeIssue(chunk: unknown): string | undefined {
  if (!isObject(chunk))
    return `a stream event is ${chunk === null ? 'null' : Array.isArray(chunk) ? 'an array' : typeof chunk}, not a chunk object`
  const choices = chunk['choices']
  if (choices === undefined || choices === null) return undefined
  if (!Array.isArray(choices)) return `"choices" of a stream event is not an array`
  const choice: unknown = choices[0]
  if (choice === undefined) return undefined
  if (!isObject(choice)) return `"choices[0]" of a stream event is not an object`
  const delta = choice['delta']
  if (delta === undefined || delta === null) return undefined
  if (!isObject(delta)) return `"choices[0].delta" of a stream event is not an object`
  for (const field of ['content', 'reasoning_content', 'reasoning'] as const) {
    const text = delta[field]
    if (text !== undefined && text !== null && typeof text !== 'string')
      return `"delta.${field}" of a stream event is not text`
  }
  const calls = delta['tool_calls']
  if (calls === undefined || calls === null) return undefined
  if (!Array.isArray(calls)) return `"tool_calls" of a stream event is not an array`
  for (const call of calls as unknown[]) {
    const issue = toolCallShapeIssue(call, true)
    if (issue) return issue
  }
  return undefined
}

/**
 * The `data:` payloads of a server-sent event stream, one per event. Returns `true` when `[DONE]` ended it, `false`
 * when the body simply ended.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<string, boolean, undefined> {
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      const lines = buffer.split(/\r\n|\r|\n/)
      buffer = done ? '' : (lines.pop() ?? '')
      if (done && lines.at(-1) !== '') lines.push('')
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) {
            const payload = data.join('\n')
            data = []
            if (payload.trim() === '[DONE]') return true
            yield payload
          }
        } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5))
      }
      if (done) return false
    }
  } finally {
    reader.releaseLock()
    await body.cancel().catch(() => undefined)
  }
}
