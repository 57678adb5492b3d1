import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { ModelError } from '../errors/runtime-errors.js'
import { BaseLlm } from './base-llm.js'
import {
  chatCompletionShapeIssue,
  chatCompletionToLlmResponse,
  type ChatCompletion,
} from './chat-completion-response.js'
import {
  ChatCompletionChunkReader,
  chatCompletionChunkShapeIssue,
  readServerSentEvents,
  type ChatCompletionChunk,
} from './chat-completion-stream.js'
import type { LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'
import {
  abortErrorFor,
  decideRetry,
  isRetryableStatus,
  parseRetryAfter,
  resolveRetryOptions,
  throwIfAborted,
  waitBeforeRetry,
  type ResolvedRetryOptions,
  type RetryOptions,
} from './retry.js'
import { toChatCompletionRequest } from './to-chat-completion-request.js'
import { readOrAbort } from './read-or-abort.js'
import { StreamingResponseAggregator } from './streaming-response-aggregator.js'
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
  /**
   * Asks a streamed answer to end with its token usage (`stream_options: { include_usage: true }`). On by default;
   * turn it off for a server that rejects `stream_options`.
   */
  streamUsage?: boolean
}

/**
 * A model behind an OpenAI-compatible chat completions API (Ollama, vLLM, LM Studio, llama.cpp, …): text and tool
 * calls in both directions, JSON output through `response_format`, and streaming (server-sent events) that reads
 * exactly like Gemini's: partial text chunks, then the aggregated non-partial response with the tool calls, finish
 * reason and usage. HTTP 429 and 5xx answers are retried (see {@link RetryOptions}); failures become a
 * `ModelError` with the HTTP status, never containing the API key; the `abortSignal` cancels the request and the
 * stream being read with an `AbortError`. For hosted providers (OpenAI, Anthropic, Mistral, …) use
 * `@adk-fluent/ai-sdk`, which takes any AI SDK model.
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

  /**
   * Sends the request (after `maybeAppendUserContent`, on a copy) and yields the answer; with `stream`, partial text
   * chunks followed by aggregated non-partial responses.
   */
  async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    const copy: LlmRequest = { ...request, contents: [...request.contents] }
    this.maybeAppendUserContent(copy)
    const body = toChatCompletionRequest(copy, this.model)
    if (!stream) {
      const response = await this.#post(JSON.stringify(body), abortSignal)
      const completion: unknown = await this.#read(() => response.json(), abortSignal)
      const issue = chatCompletionShapeIssue(completion)
      if (issue) throw this.#malformed(issue)
      yield chatCompletionToLlmResponse(completion as ChatCompletion)
      return
    }
    body['stream'] = true
    if (this.#options.streamUsage !== false) body['stream_options'] = { include_usage: true }
    const response = await this.#post(JSON.stringify(body), abortSignal)
    yield* this.#stream(response, abortSignal)
  }

  async *#stream(response: Response, abortSignal: AbortSignal | undefined): AsyncGenerator<LlmResponse> {
    if (!response.body) throw new ModelError(`Model call to "${this.model}" failed: the streamed answer has no body.`)
    const events = readServerSentEvents(response.body)
    const reader = new ChatCompletionChunkReader()
    const aggregator = new StreamingResponseAggregator()
    let sawDone = false
    try {
      for (;;) {
        const next = await this.#read(() => events.next(), abortSignal)
        if (next.done) {
          sawDone = next.value
          break
        }
        const chunk = this.#parseChunk(next.value)
        for (const fields of reader.push(chunk)) yield* aggregator.push(fields)
      }
    } finally {
      // Closes the connection when the caller stops early or the stream failed.
      await events.return(false)
    }
    // A cut connection must not pass for a complete answer: servers end with a finish reason, `[DONE]` or both.
    if (!sawDone && !reader.finished) {
      throw this.#malformed('the stream ended without a finish reason or [DONE], so the answer may be cut short')
    }
    const unnamed = reader.unnamedToolCall()
    if (unnamed) throw this.#malformed(unnamed)
    for (const fields of reader.finish()) yield* aggregator.push(fields)
    yield* aggregator.finish()
  }

  #parseChunk(data: string): ChatCompletionChunk {
    let chunk: unknown
    try {
      chunk = JSON.parse(data)
    } catch {
      throw new ModelError(`Model call to "${this.model}" failed: the server sent a stream event that is not JSON.`)
    }
    const error = (chunk as ChatCompletionChunk | null)?.error
    if (error !== undefined && error !== null) {
      const detail = typeof error === 'string' ? error : String(error?.message ?? 'no details')
      const message = `Model call to "${this.model}" failed while streaming: ${detail}`
      throw new ModelError(redactSecrets(message, [this.#options.apiKey]))
    }
    const issue = chatCompletionChunkShapeIssue(chunk)
    if (issue) throw this.#malformed(issue)
    return chunk as ChatCompletionChunk
  }

  /** Reads the body, turning an abort into an `AbortError` and a broken connection into a `ModelError`. */
  #read<T>(read: () => Promise<T>, abortSignal: AbortSignal | undefined): Promise<T> {
    return readOrAbort(read, abortSignal, (error) =>
      AdkFluentError.isInstance(error)
        ? error
        : toModelError(error, { model: this.model, secrets: [this.#options.apiKey] }),
    )
  }

  /** POSTs the body, retrying 429 and 5xx; returns the successful response, whose body is not read yet. */
  async #post(body: string, abortSignal: AbortSignal | undefined): Promise<Response> {
    const url = `${this.#options.baseUrl.replace(/\/+$/, '')}/chat/completions`
    const headers: Record<string, string> = { 'content-type': 'application/json', ...this.#options.headers }
    if (this.#options.apiKey) headers['authorization'] = `Bearer ${this.#options.apiKey}`
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(abortSignal)
      let response: Response
      let text: string
      try {
        response = await fetch(url, { method: 'POST', headers, body, ...(abortSignal ? { signal: abortSignal } : {}) })
        if (response.ok) return response
        text = await response.text()
      } catch (error) {
        if (abortSignal?.aborted) throw abortErrorFor(abortSignal)
        throw toModelError(error, { model: this.model, secrets: [this.#options.apiKey], url })
      }
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'))
      const decision = isRetryableStatus(response.status) ? decideRetry(attempt, retryAfterMs, this.#retry) : undefined
      if (!decision?.retry) throw this.#httpError(response.status, text, retryAfterMs)
      await waitBeforeRetry(decision.delayMs, this.#retry.sleep, abortSignal)
    }
  }

  /** An answer the server sent that cannot be read as a chat completion. */
  #malformed(issue: string): ModelError {
    return new ModelError(`Model call to "${this.model}" failed: ${issue}.`, { errorCode: 'MALFORMED_RESPONSE' })
  }

  #httpError(status: number, text: string, retryAfterMs: number | undefined): ModelError {
    let detail = text
    try {
      const parsed = JSON.parse(text) as { error?: { message?: unknown } | string }
      const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message
      if (typeof message === 'string') detail = message
    } catch {
      // not JSON: keep the text
    }
    const message = `Model call to "${this.model}" failed with HTTP ${status}: ${detail.trim() || 'no details'}`
    const options = { status, errorCode: String(status) }
    return new ModelError(
      redactSecrets(message, [this.#options.apiKey]),
      retryAfterMs === undefined ? options : { ...options, retryAfterMs },
    )
  }
}
