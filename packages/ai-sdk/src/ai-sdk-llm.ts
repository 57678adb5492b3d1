import {
  BaseLlm,
  ConfigError,
  StreamingResponseAggregator,
  type LlmRequest,
  type LlmResponse,
  type RetryOptions,
} from '@adk-fluent/core'
import type { LanguageModelV3, LanguageModelV3StreamPart, SharedV3ProviderOptions } from '@ai-sdk/provider'
import { withProviderMetadata } from './provider-metadata.js'
import {
  abortErrorFor,
  readOrAbort,
  resolveRetryOptions,
  waitBeforeRetry,
  type ResolvedRetryOptions,
} from '@adk-fluent/core/internal'
import { retryDecision } from './retry-call.js'
import { StreamPartReader } from './stream-part-reader.js'
import { toCallOptions } from './to-call-options.js'
import { toLlmResponse } from './to-llm-response.js'
import { toModelError } from './to-model-error.js'

/** Options of {@link AiSdkLlm}. Every field is optional. */
export interface AiSdkLlmOptions {
  /** The model name the runtime reports (traces, errors, `BaseLlm.model`); defaults to the model's `modelId`. */
  readonly name?: string
  /** Sent as `providerOptions` on every call (provider-specific settings: reasoning effort, thinking budget, …). */
  readonly providerOptions?: SharedV3ProviderOptions
  /** Extra HTTP headers on every call. */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * Retries of failures the provider marks retryable (HTTP 408, 409, 429, 5xx, network errors), as core's Gemini
   * adapter does: 4 attempts by default, `Retry-After` honoured. A stream is retried only before it started.
   */
  readonly retry?: RetryOptions
}

/**
 * Any AI SDK language model (the `LanguageModelV3` interface of `@ai-sdk/provider` 3, made by `@ai-sdk/openai`,
 * `@ai-sdk/anthropic`, `@ai-sdk/openai-compatible`, …) as an adk-fluent model. It calls the model's `doGenerate` /
 * `doStream` directly, so the `ai` package is not needed at run time.
 *
 * - The request becomes AI SDK call options (see `toCallOptions`): system instruction, history with tool calls and
 *   results paired by id, function tools, JSON output, generation settings.
 * - Answers read exactly like Gemini's: one response; or with `stream`, partial text chunks followed by the
 *   aggregated non-partial responses (core's `StreamingResponseAggregator`), with usage, finish reason and model id
 *   on the last one.
 * - Failures become a `ModelError` carrying the provider's HTTP status and message; the `abortSignal` reaches the
 *   provider and ends the call (also a stream being read) with an `AbortError`.
 * - Tool call ids: the provider's `toolCallId` is kept; a call that arrives without one gets an `adk-` id from the
 *   runtime, which is removed before history is sent again, where the call is numbered `call_<content>_<part>`
 *   and its response paired to it by name, in order.
 *
 * @example
 * ```ts
 * import { createOpenAI } from '@ai-sdk/openai'
 * const openai = createOpenAI({ apiKey: process.env.OPENAI_API_KEY })
 * const agent = Agent('helper', aiSdk(openai('gpt-4o-mini'))).instruct('Be brief.')
 * ```
 */
export class AiSdkLlm extends BaseLlm {
  /** The AI SDK model this adapter calls. */
  readonly languageModel: LanguageModelV3
  readonly #options: AiSdkLlmOptions
  readonly #retry: ResolvedRetryOptions

  constructor(languageModel: LanguageModelV3, options: AiSdkLlmOptions = {}) {
    assertLanguageModelV3(languageModel)
    super({ model: options.name ?? languageModel.modelId })
    this.languageModel = languageModel
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
    if (abortSignal?.aborted) throw abortErrorFor(abortSignal)
    const copy: LlmRequest = { ...request, contents: [...request.contents] }
    this.maybeAppendUserContent(copy)
    const options = toCallOptions(copy, {
      abortSignal,
      headers: this.#options.headers,
      providerOptions: this.#options.providerOptions,
    })
    if (!stream) {
      yield toLlmResponse(await this.#call(() => this.languageModel.doGenerate(options), abortSignal))
      return
    }
    const result = await this.#call(() => this.languageModel.doStream(options), abortSignal)
    yield* this.#read(result.stream, abortSignal)
  }

  /** Runs one provider call, retrying what the provider marks retryable; failures become core errors. */
  async #call<T>(call: () => PromiseLike<T>, abortSignal: AbortSignal | undefined): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let decision: ReturnType<typeof retryDecision>
      try {
        return await call()
      } catch (error) {
        if (abortSignal?.aborted) throw toModelError(error, this.model, abortSignal)
        decision = retryDecision(error, attempt, this.#retry)
        if (!decision.retry) throw toModelError(error, this.model, abortSignal, decision.note)
      }
      await waitBeforeRetry(decision.delayMs, this.#retry.sleep, abortSignal)
    }
  }

  async *#read(
    stream: ReadableStream<LanguageModelV3StreamPart>,
    abortSignal: AbortSignal | undefined,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    const reader = stream.getReader()
    const parts = new StreamPartReader()
    const aggregator = new StreamingResponseAggregator()
    try {
      for (;;) {
        const next = await this.#next(reader, abortSignal)
        if (next.done) break
        const chunks = parts.push(next.value)
        if ('error' in chunks) throw toModelError(chunks.error, this.model, abortSignal)
        for (const chunk of chunks) yield* withMetadata(aggregator.push(chunk), parts)
      }
      for (const chunk of parts.finish()) yield* withMetadata(aggregator.push(chunk), parts)
      yield* withMetadata(aggregator.finish(), parts)
    } finally {
      // Stops the provider's stream (and its HTTP request) when the caller stops early or the stream failed.
      await reader.cancel().catch(() => undefined)
      reader.releaseLock()
    }
  }

  /** The next stream part; the abort signal ends the wait even when the provider does not watch it. */
  #next(
    reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart>,
    abortSignal: AbortSignal | undefined,
  ): ReturnType<ReadableStreamDefaultReader<LanguageModelV3StreamPart>['read']> {
    return readOrAbort(
      () => reader.read(),
      abortSignal,
      (error) => toModelError(error, this.model, abortSignal),
    )
  }
}

/** Wraps an AI SDK language model as an adk-fluent model: `Agent('helper', aiSdk(openai('gpt-4o-mini')))`. */
export function aiSdk(languageModel: LanguageModelV3, options?: AiSdkLlmOptions): AiSdkLlm {
  return new AiSdkLlm(languageModel, options)
}

/** Attaches the provider metadata of the aggregated text and reasoning to their parts. */
function* withMetadata(responses: LlmResponse[], parts: StreamPartReader): Generator<LlmResponse> {
  for (const response of responses) {
    const content = response.content
    if (!response.partial && content?.parts?.some((part) => typeof part.text === 'string')) {
      const reasoning = parts.takeMetadata('reasoning')
      const text = parts.takeMetadata('text')
      content.parts = content.parts.map((part) =>
        typeof part.text !== 'string' ? part : withProviderMetadata(part, part.thought ? reasoning : text),
      )
    }
    yield response
  }
}

function assertLanguageModelV3(model: unknown): asserts model is LanguageModelV3 {
  const candidate = model as Partial<LanguageModelV3> | null | undefined
  if (typeof candidate?.doGenerate === 'function' && typeof candidate.doStream === 'function') {
    if (candidate.specificationVersion === 'v3') return
    throw new ConfigError([
      {
        code: 'model_invalid',
        path: ['aiSdk', 'model'],
        message: `the model "${String(candidate.modelId)}" implements the AI SDK language model interface "${String(candidate.specificationVersion)}", but @adk-fluent/ai-sdk needs "v3" (@ai-sdk/provider 3, used by ai 6 and the @ai-sdk/* 2.x/3.x providers).`,
        hint: 'Upgrade the provider package.',
      },
    ])
  }
  throw new ConfigError([
    {
      code: 'model_invalid',
      path: ['aiSdk', 'model'],
      message: `expected an AI SDK language model (an object with doGenerate and doStream, such as openai("gpt-4o-mini")), got ${model === null ? 'null' : typeof model}.`,
      hint: "Pass the provider's model object, not a model name.",
    },
  ])
}
