import type { FinishReason, Part } from '@google/genai'
import { FinishReasonValue } from './genai-enums.js'
import { ModelError } from '../errors/runtime-errors.js'
import { BaseLlm } from './base-llm.js'
import type { LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'
import {
  abortErrorFor,
  backoffDelayMs,
  isRetryableStatus,
  parseRetryAfter,
  resolveRetryOptions,
  throwIfAborted,
  waitBeforeRetry,
  type ResolvedRetryOptions,
  type RetryOptions,
} from './retry.js'
import { toChatCompletionRequest, type ChatToolCall } from './to-chat-completion-request.js'
import { redactSecrets, toModelError } from './to-model-error.js'

/** Options of {@link OpenAICompatible}. */
export interface OpenAICompatibleOptions {
  /** The model name the server knows, e.g. `'llama3.2'`. */
  model: string
  /** The API root that has `/chat/completions`, e.g. `'http://localhost:11434/v1'` (Ollama) or vLLM's `/v1`. */
  baseUrl: string
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string
  /** Extra HTTP headers. */
  headers?: Record<string, string>
  /** Retries of HTTP 429 and 5xx answers, as for `Gemini`. */
  retry?: RetryOptions
}

interface ChatCompletion {
  choices?: { message?: ChatCompletionMessage; finish_reason?: string }[]
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number }
  model?: string
}

interface ChatCompletionMessage {
  content?: string | null
  /** Reasoning text, as vLLM and DeepSeek-style servers return it. */
  reasoning_content?: string
  tool_calls?: ChatToolCall[]
}

const finishReasons: Readonly<Record<string, FinishReason>> = {
  stop: FinishReasonValue.STOP,
  tool_calls: FinishReasonValue.STOP,
  length: FinishReasonValue.MAX_TOKENS,
  content_filter: FinishReasonValue.SAFETY,
}

/**
 * A model behind an OpenAI-compatible chat completions API (Ollama, vLLM, LM Studio, …): text and tool calls in
 * both directions, JSON output through `response_format`. It does not stream: with `stream` it yields the whole
 * answer as one non-partial response.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'local', model: new OpenAICompatible({ model: 'llama3.2', baseUrl: 'http://localhost:11434/v1' }) })
 * ```
 */
export class OpenAICompatible extends BaseLlm {
  readonly #options: OpenAICompatibleOptions
  readonly #retry: ResolvedRetryOptions

  constructor(options: OpenAICompatibleOptions) {
    super({ model: options.model })
    this.#options = { ...options }
    this.#retry = resolveRetryOptions(options.retry)
  }

  /** Sends the request (after `maybeAppendUserContent`, on a copy) and yields the answer. */
  async *generateContentAsync(
    request: LlmRequest,
    _stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    const copy: LlmRequest = { ...request, contents: [...request.contents] }
    this.maybeAppendUserContent(copy)
    const body = JSON.stringify(toChatCompletionRequest(copy, this.model))
    yield toLlmResponse(await this.#post(body, abortSignal))
  }

  async #post(body: string, abortSignal: AbortSignal | undefined): Promise<ChatCompletion> {
    const url = `${this.#options.baseUrl.replace(/\/+$/, '')}/chat/completions`
    const headers: Record<string, string> = { 'content-type': 'application/json', ...this.#options.headers }
    if (this.#options.apiKey) headers['authorization'] = `Bearer ${this.#options.apiKey}`
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(abortSignal)
      let response: Response
      let text: string
      try {
        response = await fetch(url, { method: 'POST', headers, body, ...(abortSignal ? { signal: abortSignal } : {}) })
        if (response.ok) return (await response.json()) as ChatCompletion
        text = await response.text()
      } catch (error) {
        if (abortSignal?.aborted) throw abortErrorFor(abortSignal)
        throw toModelError(error, { model: this.model, secrets: [this.#options.apiKey] })
      }
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'))
      const canWait = retryAfterMs === undefined || retryAfterMs <= this.#retry.maxDelayMs
      if (!isRetryableStatus(response.status) || attempt >= this.#retry.maxAttempts || !canWait) {
        throw this.#httpError(response.status, text)
      }
      await waitBeforeRetry(retryAfterMs ?? backoffDelayMs(attempt - 1, this.#retry), this.#retry.sleep, abortSignal)
    }
  }

  #httpError(status: number, text: string): ModelError {
    let detail = text
    try {
      const parsed = JSON.parse(text) as { error?: { message?: unknown } | string }
      const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message
      if (typeof message === 'string') detail = message
    } catch {
      // not JSON: keep the text
    }
    const message = `Model call to "${this.model}" failed with HTTP ${status}: ${detail.trim() || 'no details'}`
    return new ModelError(redactSecrets(message, [this.#options.apiKey]), { status, errorCode: String(status) })
  }
}

function toLlmResponse(completion: ChatCompletion): LlmResponse {
  const choice = completion.choices?.[0]
  const message = choice?.message
  const parts: Part[] = []
  if (message?.reasoning_content) parts.push({ text: message.reasoning_content, thought: true })
  if (message?.content) parts.push({ text: message.content })
  let malformed: string | undefined
  for (const call of message?.tool_calls ?? []) {
    const { name, arguments: text } = call.function
    const args = parseArguments(text)
    if (args) parts.push({ functionCall: { id: call.id, name, args } })
    else malformed = `The model called "${name}" with arguments that are not a JSON object: ${text}`
  }
  const response: LlmResponse = malformed
    ? { errorCode: 'MALFORMED_FUNCTION_CALL', errorMessage: malformed }
    : parts.length > 0
      ? { content: { role: 'model', parts } }
      : { errorCode: 'UNKNOWN_ERROR', errorMessage: 'The model returned no message content and no tool calls.' }
  const finishReason = choice?.finish_reason ? finishReasons[choice.finish_reason] : undefined
  if (finishReason) response.finishReason = finishReason
  if (completion.model) response.modelVersion = completion.model
  const usage = completion.usage
  if (usage) {
    response.usageMetadata = {
      ...(usage.prompt_tokens !== undefined ? { promptTokenCount: usage.prompt_tokens } : {}),
      ...(usage.completion_tokens !== undefined ? { candidatesTokenCount: usage.completion_tokens } : {}),
      ...(usage.total_tokens !== undefined ? { totalTokenCount: usage.total_tokens } : {}),
    }
  }
  return response
}

function parseArguments(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text || '{}')
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
