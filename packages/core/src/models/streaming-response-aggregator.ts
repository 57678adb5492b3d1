import type { CitationMetadata, GenerateContentResponseUsageMetadata, GroundingMetadata, Part } from './genai-types.js'
import { FinishReason } from './genai-types.js'
import { createLlmResponse, type GenerateContentResponseFields } from './create-llm-response.js'
import type { LlmResponse } from './llm-response.js'

/**
 * Turns the chunks of a streamed `generateContent` call into {@link LlmResponse}s (ADK's non-progressive SSE
 * aggregation), so consumers see `partial` text followed by complete non-partial responses:
 *
 * - text parts are yielded at once with `partial: true`, while their text (and, separately, thought text) is
 *   accumulated;
 * - a non-text part (function call, inline data, …) first flushes the pending text as one non-partial response
 *   `{ role: 'model', parts: [{ text: thoughts, thought: true }?, { text }?] }`, then becomes a non-partial response
 *   itself (consecutive non-text parts of one chunk stay together, so parallel function calls arrive whole);
 * - {@link finish} yields the last non-partial response carrying the usage metadata (usage-only chunks merge into
 *   it), finish reason and model version, with `errorCode` = finish reason when text ended for a reason other than
 *   `STOP`. A stream that produced nothing gives one error response.
 *
 * A non-text response is held back until more content arrives or the stream ends, so trailing usage-only chunks
 * merge into it: no usage-only response is ever yielded after a function call.
 */
export class StreamingResponseAggregator {
  #text = ''
  #thoughtText = ''
  #hasText = false
  #textSignature: string | undefined
  #held: LlmResponse | undefined
  #emitted = false
  #usageMetadata: GenerateContentResponseUsageMetadata | undefined
  #modelVersion: string | undefined
  #finishReason: FinishReason | undefined
  #finishMessage: string | undefined
  #groundingMetadata: GroundingMetadata | undefined
  #citationMetadata: CitationMetadata | undefined

  /** Takes one streamed chunk; returns the responses to yield now, in order. */
  push(chunk: GenerateContentResponseFields): LlmResponse[] {
    const out: LlmResponse[] = []
    if (chunk.usageMetadata) this.#usageMetadata = chunk.usageMetadata
    if (chunk.modelVersion) this.#modelVersion = chunk.modelVersion
    const candidate = chunk.candidates?.[0]
    if (!candidate) {
      if (chunk.promptFeedback?.blockReason) {
        out.push(...this.#release(), ...this.#flushText(), createLlmResponse(chunk))
        this.#emitted = true
      }
      return out
    }
    if (candidate.finishReason) this.#finishReason = candidate.finishReason
    if (candidate.finishMessage) this.#finishMessage = candidate.finishMessage
    if (candidate.groundingMetadata) this.#groundingMetadata = candidate.groundingMetadata
    if (candidate.citationMetadata) this.#citationMetadata = candidate.citationMetadata
    const parts = candidate.content?.parts ?? []
    for (let start = 0; start < parts.length; ) {
      const textRun = isTextPart(parts[start] as Part)
      let end = start + 1
      while (end < parts.length && isTextPart(parts[end] as Part) === textRun) end++
      const run = parts.slice(start, end)
      if (textRun) out.push(...this.#release(), ...this.#addText(run))
      else {
        out.push(...this.#release(), ...this.#flushText())
        this.#held = { content: { role: 'model', parts: run } }
      }
      start = end
    }
    return out
  }

  /** Ends the stream; returns the final non-partial response (or an error response), if any is due. */
  finish(): LlmResponse[] {
    const pendingText = this.#flushText()[0]
    const last = pendingText ?? this.#release()[0]
    if (last) {
      this.#addMetadata(last)
      if (pendingText && this.#finishReason && this.#finishReason !== FinishReason.STOP) {
        last.errorCode = this.#finishReason
        last.errorMessage = this.#finishMessage ?? `The model stopped early (finish reason ${this.#finishReason}).`
      }
      return [last]
    }
    if (this.#emitted) return []
    this.#emitted = true
    const response: LlmResponse = {
      errorCode: this.#finishReason ?? 'UNKNOWN_ERROR',
      errorMessage:
        this.#finishMessage ??
        (this.#finishReason
          ? `The model returned no content (finish reason ${this.#finishReason}).`
          : 'The model returned an empty stream.'),
    }
    this.#addMetadata(response)
    return [response]
  }

  #addText(run: Part[]): LlmResponse[] {
    const visible: Part[] = []
    for (const part of run) {
      const text = part.text ?? ''
      if (part.thought) this.#thoughtText += text
      else this.#text += text
      this.#hasText = true
      if (part.thoughtSignature) this.#textSignature = part.thoughtSignature
      if (text.length > 0) visible.push(part)
    }
    return visible.length > 0 ? [{ content: { role: 'model', parts: visible }, partial: true }] : []
  }

  #flushText(): LlmResponse[] {
    if (!this.#hasText) return []
    const parts: Part[] = []
    if (this.#thoughtText) parts.push({ text: this.#thoughtText, thought: true })
    if (this.#text || !this.#thoughtText) parts.push({ text: this.#text })
    if (this.#textSignature)
      parts[parts.length - 1] = { ...parts[parts.length - 1], thoughtSignature: this.#textSignature }
    this.#text = ''
    this.#thoughtText = ''
    this.#hasText = false
    this.#textSignature = undefined
    this.#emitted = true
    return [{ content: { role: 'model', parts } }]
  }

  #release(): LlmResponse[] {
    const held = this.#held
    if (!held) return []
    this.#held = undefined
    this.#emitted = true
    return [held]
  }

  #addMetadata(response: LlmResponse): void {
    if (this.#usageMetadata) response.usageMetadata = this.#usageMetadata
    if (this.#modelVersion) response.modelVersion = this.#modelVersion
    if (this.#finishReason) response.finishReason = this.#finishReason
    if (this.#groundingMetadata) response.groundingMetadata = this.#groundingMetadata
    if (this.#citationMetadata) response.citationMetadata = this.#citationMetadata
  }
}

function isTextPart(part: Part): boolean {
  return typeof part.text === 'string'
}
