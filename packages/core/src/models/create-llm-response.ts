import type { Content, GenerateContentResponseFields } from './genai-types.js'
import type { LlmResponse } from './llm-response.js'

export type { GenerateContentResponseFields } from './genai-types.js'

/**
 * Converts one `GenerateContentResponse` into an {@link LlmResponse} (ADK `LlmResponse.create`):
 * - first candidate with parts → its content, with usage, finish reason, grounding and citation metadata;
 * - candidate without parts → `errorCode` = finish reason, `errorMessage` = finish message;
 * - no candidate but prompt feedback (a safety block) → `errorCode` = block reason, with a clear message;
 * - otherwise `errorCode: 'UNKNOWN_ERROR'`.
 */
export function createLlmResponse(response: GenerateContentResponseFields): LlmResponse {
  const result: LlmResponse = {}
  if (response.usageMetadata) result.usageMetadata = response.usageMetadata
  if (response.modelVersion) result.modelVersion = response.modelVersion
  const candidate = response.candidates?.[0]
  if (candidate) {
    if (candidate.finishReason) result.finishReason = candidate.finishReason
    if (candidate.groundingMetadata) result.groundingMetadata = candidate.groundingMetadata
    if (candidate.citationMetadata) result.citationMetadata = candidate.citationMetadata
    const parts = candidate.content?.parts
    if (parts && parts.length > 0) {
      result.content = modelContent(candidate.content as Content)
      return result
    }
    result.errorCode = candidate.finishReason ?? 'UNKNOWN_ERROR'
    result.errorMessage =
      candidate.finishMessage ??
      `The model returned no content (finish reason ${candidate.finishReason ?? 'not given'}).`
    return result
  }
  const feedback = response.promptFeedback
  if (feedback) {
    const reason = feedback.blockReason ?? 'UNKNOWN_ERROR'
    result.errorCode = reason
    result.errorMessage =
      feedback.blockReasonMessage ??
      `The prompt was blocked by the model's safety filters (block reason ${reason}); no response was generated.`
    return result
  }
  result.errorCode = 'UNKNOWN_ERROR'
  result.errorMessage = 'Unknown error: the model returned neither candidates nor prompt feedback.'
  return result
}

/** A copy of a candidate's content with the role defaulted to `'model'`. */
function modelContent(content: Content): Content {
  return { ...content, role: content.role ?? 'model', parts: [...(content.parts ?? [])] }
}
