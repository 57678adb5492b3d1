import type {
  CitationMetadata,
  Content,
  FinishReason,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
} from './genai-types.js'

/** One response (or one streamed chunk) from a model, in `@google/genai` shapes. */
export interface LlmResponse {
  content?: Content
  groundingMetadata?: GroundingMetadata
  citationMetadata?: CitationMetadata
  partial?: boolean
  turnComplete?: boolean
  errorCode?: string
  errorMessage?: string
  interrupted?: boolean
  customMetadata?: Record<string, unknown>
  usageMetadata?: GenerateContentResponseUsageMetadata
  finishReason?: FinishReason
  modelVersion?: string
}
