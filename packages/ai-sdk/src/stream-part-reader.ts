import type { GenerateContentResponseFields } from '@adk-fluent/core'
import type { FinishReason, GenerateContentResponseUsageMetadata, Part } from '@adk-fluent/core'
import type { LanguageModelV3StreamPart, SharedV3ProviderMetadata } from '@ai-sdk/provider'
import { toFinishReason } from './to-finish-reason.js'
import { toFunctionCallPart } from './to-function-call-part.js'
import { toPart } from './to-llm-response.js'
import { toUsageMetadata } from './to-usage-metadata.js'

const MALFORMED_FUNCTION_CALL: FinishReason = 'MALFORMED_FUNCTION_CALL'

/**
 * Turns the parts of an AI SDK stream into `@google/genai`-shaped chunks for core's `StreamingResponseAggregator`,
 * so a stream from any provider reads exactly like a Gemini stream: text and reasoning deltas at once (partial),
 * then complete non-partial responses. Tool calls are held until text follows or the stream ends, so parallel calls
 * arrive together in one response, as Gemini sends them. The `finish` part's usage and finish reason, and the
 * response's model id, go on the last chunk. `error` parts are returned for the caller to throw.
 */
export class StreamPartReader {
  #calls: Part[] = []
  #malformed: string | undefined
  #finishReason: FinishReason | undefined
  #finishMessage: string | undefined
  #usage: GenerateContentResponseUsageMetadata | undefined
  #modelId: string | undefined
  /** Provider metadata of the text and reasoning since the last non-text part, for the aggregated parts. */
  readonly #metadata: { text?: SharedV3ProviderMetadata; reasoning?: SharedV3ProviderMetadata } = {}

  /** Takes one stream part; returns the genai chunks to aggregate now, or the error the stream reported. */
  push(part: LanguageModelV3StreamPart): GenerateContentResponseFields[] | { readonly error: unknown } {
    switch (part.type) {
      case 'text-delta':
      case 'reasoning-delta': {
        const kind = part.type === 'text-delta' ? 'text' : 'reasoning'
        this.#noteMetadata(kind, part.providerMetadata)
        if (part.delta.length === 0) return []
        const textPart: Part = kind === 'text' ? { text: part.delta } : { text: part.delta, thought: true }
        return [...this.#releaseCalls(), { candidates: [{ content: { role: 'model', parts: [textPart] } }] }]
      }
      case 'text-start':
      case 'text-end':
        this.#noteMetadata('text', part.providerMetadata)
        return []
      case 'reasoning-start':
      case 'reasoning-end':
        this.#noteMetadata('reasoning', part.providerMetadata)
        return []
      case 'tool-call': {
        if (part.providerExecuted) return []
        const converted = toFunctionCallPart(part)
        if ('part' in converted) this.#calls.push(converted.part)
        else this.#malformed = converted.malformed
        return []
      }
      case 'file': {
        const filePart = toPart(part)
        return filePart
          ? [...this.#releaseCalls(), { candidates: [{ content: { role: 'model', parts: [filePart] } }] }]
          : []
      }
      case 'response-metadata':
        if (part.modelId) this.#modelId = part.modelId
        return []
      case 'finish': {
        this.#usage = toUsageMetadata(part.usage)
        const mapped = toFinishReason(part.finishReason)
        this.#finishReason = mapped.finishReason
        this.#finishMessage = mapped.finishMessage
        return []
      }
      case 'error':
        return { error: part.error }
      default:
        return []
    }
  }

  /** Ends the stream: held tool calls (or why they are malformed), the finish reason, usage and model id. */
  finish(): GenerateContentResponseFields[] {
    const malformed = this.#malformed
    const parts = malformed ? [] : this.#calls
    this.#calls = []
    const finishReason = malformed ? MALFORMED_FUNCTION_CALL : this.#finishReason
    const finishMessage = malformed ?? this.#finishMessage
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
    if (this.#modelId) chunk.modelVersion = this.#modelId
    return [chunk]
  }

  /** The provider metadata seen on text (`'text'`) or reasoning (`'reasoning'`) since it was last taken. */
  takeMetadata(kind: 'text' | 'reasoning'): SharedV3ProviderMetadata | undefined {
    const metadata = this.#metadata[kind]
    delete this.#metadata[kind]
    return metadata
  }

  #noteMetadata(kind: 'text' | 'reasoning', metadata: SharedV3ProviderMetadata | undefined): void {
    if (!metadata) return
    const current = this.#metadata[kind] ?? {}
    const merged: SharedV3ProviderMetadata = { ...current }
    for (const [provider, values] of Object.entries(metadata)) merged[provider] = { ...current[provider], ...values }
    this.#metadata[kind] = merged
  }

  #releaseCalls(): GenerateContentResponseFields[] {
    if (this.#calls.length === 0 || this.#malformed) return []
    const parts = this.#calls
    this.#calls = []
    return [{ candidates: [{ content: { role: 'model', parts } }] }]
  }
}
