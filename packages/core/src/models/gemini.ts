// Types only: @google/genai is an optional peer, loaded by the first call (#getClient).
import type * as genai from '@google/genai'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import type { AbortError } from '../errors/runtime-errors.js'
import { BaseLlm } from './base-llm.js'
import { createLlmResponse } from './create-llm-response.js'
import { resolveGeminiConnection, type GeminiConnection } from './gemini-connection.js'
import type { HttpOptions } from './genai-types.js'
import type { LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'
import { loadGenai } from './load-genai.js'
import { readApiError } from './read-api-error.js'
import { createRecordingFetch, type FailedResponseRecord } from './recording-fetch.js'
import {
  abortErrorFor,
  decideRetry,
  isRetryableStatus,
  resolveRetryOptions,
  throwIfAborted,
  waitBeforeRetry,
  type ResolvedRetryOptions,
  type RetryOptions,
} from './retry.js'
import { StreamingResponseAggregator } from './streaming-response-aggregator.js'
import { toGenerateContentParameters, type GeminiCallParameters } from './to-generate-content-parameters.js'
import { toModelError } from './to-model-error.js'

/** Options of {@link Gemini}. Only `model` is required; the rest falls back to the environment. */
export interface GeminiOptions {
  /** The model name, e.g. `'gemini-2.5-flash'`. */
  model: string
  /** API key; defaults to `GOOGLE_API_KEY`, then `GEMINI_API_KEY`. */
  apiKey?: string
  /** Use Vertex AI; defaults to `GOOGLE_GENAI_USE_VERTEXAI` being `true` or `1`. */
  vertexai?: boolean
  /** Vertex AI project; defaults to `GOOGLE_CLOUD_PROJECT`. */
  project?: string
  /** Vertex AI location; defaults to `GOOGLE_CLOUD_LOCATION`. */
  location?: string
  /** Passed to the `@google/genai` client as is (`baseUrl`, `headers`, `timeout`, `fetch`, …). */
  httpOptions?: HttpOptions
  /** Retries of HTTP 429 and 5xx answers; see {@link RetryOptions}. */
  retry?: RetryOptions
}

interface GeminiClient {
  readonly client: genai.GoogleGenAI
  readonly connection: GeminiConnection
}

interface Attempt {
  readonly parameters: GeminiCallParameters
  readonly failure: FailedResponseRecord
  /** Aborts the attempt's HTTP request (when it has not finished) and unhooks it from the caller's signal. */
  dispose(): void
}

/**
 * Gemini through the `@google/genai` client, on the Gemini API or Vertex AI. The client is created on the first
 * call, so constructing a `Gemini` never fails for want of a key: the first call does, with a {@link ModelError}
 * that names the environment variables to set.
 *
 * HTTP 429 and 5xx answers are retried with exponential backoff and jitter, honouring `Retry-After` (see
 * {@link RetryOptions}); a stream is retried only before its first response was yielded. Other failures become a
 * `ModelError` with the HTTP `status`, never containing the API key. The `abortSignal` cancels the request in
 * flight, a stream being read and a retry wait, with an {@link AbortError}.
 *
 * @example
 * ```ts
 * const agent = new LlmAgent({ name: 'helper', model: new Gemini({ model: 'gemini-2.5-flash', retry: { maxAttempts: 6 } }) })
 * ```
 */
export class Gemini extends BaseLlm {
  readonly #options: GeminiOptions
  readonly #retry: ResolvedRetryOptions
  #client: GeminiClient | undefined

  constructor(options: GeminiOptions) {
    super({ model: options.model })
    this.#options = { ...options }
    this.#retry = resolveRetryOptions(options.retry)
  }

  /**
   * Sends the request (after `maybeAppendUserContent`, on a copy) and yields one response, or with `stream`
   * partial text chunks followed by aggregated non-partial responses.
   */
  async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    throwIfAborted(abortSignal)
    const { client, connection } = await this.#getClient()
    const copy: LlmRequest = { ...request, contents: [...request.contents] }
    this.maybeAppendUserContent(copy)
    const parameters = toGenerateContentParameters(copy, { model: this.model, vertexai: connection.vertexai })
    if (stream) yield* this.#stream(client, parameters, abortSignal)
    else yield await this.#generate(client, parameters, abortSignal)
  }

  async #generate(
    client: genai.GoogleGenAI,
    parameters: GeminiCallParameters,
    abortSignal?: AbortSignal,
  ): Promise<LlmResponse> {
    for (let attemptNumber = 1; ; attemptNumber++) {
      const attempt = this.#startAttempt(parameters, abortSignal)
      let delayMs: number
      try {
        return createLlmResponse(await client.models.generateContent(attempt.parameters))
      } catch (error) {
        delayMs = this.#retryDelayOrThrow(error, attemptNumber, attempt.failure, abortSignal)
      } finally {
        attempt.dispose()
      }
      await waitBeforeRetry(delayMs, this.#retry.sleep, abortSignal)
    }
  }

  async *#stream(
    client: genai.GoogleGenAI,
    parameters: GeminiCallParameters,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    for (let attemptNumber = 1; ; attemptNumber++) {
      const attempt = this.#startAttempt(parameters, abortSignal)
      let yielded = false
      let delayMs: number
      try {
        const chunks: AsyncGenerator<genai.GenerateContentResponse> = await client.models.generateContentStream(
          attempt.parameters,
        )
        const aggregator = new StreamingResponseAggregator()
        for await (const chunk of chunks) {
          throwIfAborted(abortSignal)
          for (const response of aggregator.push(chunk)) {
            yielded = true
            yield response
          }
        }
        for (const response of aggregator.finish()) {
          yielded = true
          yield response
        }
        return
      } catch (error) {
        if (yielded) throw this.#failure(error, abortSignal)
        delayMs = this.#retryDelayOrThrow(error, attemptNumber, attempt.failure, abortSignal)
      } finally {
        attempt.dispose()
      }
      await waitBeforeRetry(delayMs, this.#retry.sleep, abortSignal)
    }
  }

  /** Per-attempt parameters: an abort signal of its own (linked to the caller's) and a fetch that records headers. */
  #startAttempt(parameters: GeminiCallParameters, abortSignal: AbortSignal | undefined): Attempt {
    const controller = new AbortController()
    const forwardAbort = (): void => controller.abort(abortSignal?.reason)
    abortSignal?.addEventListener('abort', forwardAbort, { once: true })
    const failure: FailedResponseRecord = {}
    const httpOptions = parameters.config.httpOptions
    const fetch = createRecordingFetch(failure, httpOptions?.fetch ?? this.#options.httpOptions?.fetch)
    return {
      parameters: {
        ...parameters,
        config: { ...parameters.config, abortSignal: controller.signal, httpOptions: { ...httpOptions, fetch } },
      },
      failure,
      dispose() {
        abortSignal?.removeEventListener('abort', forwardAbort)
        controller.abort()
      },
    }
  }

  /** The wait before the next attempt, or throws the error the call ends with. */
  #retryDelayOrThrow(
    error: unknown,
    attemptNumber: number,
    failure: FailedResponseRecord,
    abortSignal: AbortSignal | undefined,
  ): number {
    const api = readApiError(error)
    const retryAfterMs = failure.retryAfterMs ?? api?.retryDelayMs
    if (abortSignal?.aborted || !api || !isRetryableStatus(api.status)) {
      throw this.#failure(error, abortSignal, undefined, retryAfterMs)
    }
    const decision = decideRetry(attemptNumber, retryAfterMs, this.#retry)
    if (!decision.retry) throw this.#failure(error, abortSignal, decision.note, retryAfterMs)
    return decision.delayMs
  }

  #failure(error: unknown, abortSignal: AbortSignal | undefined, note?: string, retryAfterMs?: number): Error {
    if (abortSignal?.aborted) return isAbortError(error) ? error : abortErrorFor(abortSignal)
    if (AdkFluentError.isInstance(error)) return error
    const secrets = [this.#options.apiKey, this.#client?.connection.apiKey]
    return toModelError(error, { model: this.model, secrets, note, retryAfterMs })
  }

  async #getClient(): Promise<GeminiClient> {
    if (this.#client) return this.#client
    const connection = resolveGeminiConnection(this.#options)
    const { GoogleGenAI } = await loadGenai(this.model)
    const client = new GoogleGenAI({
      vertexai: connection.vertexai,
      ...(connection.apiKey !== undefined ? { apiKey: connection.apiKey } : {}),
      ...(connection.project !== undefined ? { project: connection.project } : {}),
      ...(connection.location !== undefined ? { location: connection.location } : {}),
      // The client writes into the options it is given, so it gets a copy.
      // Core's HttpOptions is the client's with `baseUrlResourceScope` as its string value.
      ...(this.#options.httpOptions ? { httpOptions: { ...this.#options.httpOptions } as genai.HttpOptions } : {}),
    })
    this.#client = { client, connection }
    return this.#client
  }
}

function isAbortError(error: unknown): error is AbortError {
  return AdkFluentError.isInstance(error) && error.code === 'ABORTED'
}
