/**
 * Response types of the Gemini API (candidates, usage, grounding, citations), declared here so that core's
 * published types need no `@google/genai`. Structural and wire-compatible with Gemini's REST shapes and with
 * `@google/genai`'s types of the same names (a `GenerateContentResponse` of the client is assignable to
 * {@link GenerateContentResponseFields}); see `content.ts`.
 */
import type { Content } from './content.js'
import type { BlockedReason, FinishReason } from './enums.js'

/** Token counts of one call. */
export interface GenerateContentResponseUsageMetadata {
  promptTokenCount?: number
  candidatesTokenCount?: number
  totalTokenCount?: number
  thoughtsTokenCount?: number
  cachedContentTokenCount?: number
  toolUsePromptTokenCount?: number
  promptTokensDetails?: ModalityTokenCount[]
  candidatesTokensDetails?: ModalityTokenCount[]
  cacheTokensDetails?: ModalityTokenCount[]
  toolUsePromptTokensDetails?: ModalityTokenCount[]
  /** `'ON_DEMAND'`, `'PROVISIONED_THROUGHPUT'`, …. */
  trafficType?: string
  initialPromptTokenCount?: number
}

/** Tokens of one modality (`'TEXT'`, `'IMAGE'`, `'AUDIO'`, …). */
export interface ModalityTokenCount {
  modality?: string
  tokenCount?: number
}

/** The sources a grounded answer used (Google Search, Maps, retrieval). Nested records are passed through. */
export interface GroundingMetadata {
  webSearchQueries?: string[]
  imageSearchQueries?: string[]
  retrievalQueries?: string[]
  groundingChunks?: object[]
  groundingSupports?: object[]
  retrievalMetadata?: object
  searchEntryPoint?: { renderedContent?: string; sdkBlob?: string }
  sourceFlaggingUris?: { flagContentUri?: string; sourceId?: string }[]
  googleMapsWidgetContextToken?: string
}

/** Sources the model quoted. */
export interface CitationMetadata {
  citations?: Citation[]
}

export interface Citation {
  startIndex?: number
  endIndex?: number
  uri?: string
  title?: string
  license?: string
  publicationDate?: { year?: number; month?: number; day?: number }
}

/** One generated answer of a response. */
export interface Candidate {
  content?: Content
  finishReason?: FinishReason
  finishMessage?: string
  groundingMetadata?: GroundingMetadata
  citationMetadata?: CitationMetadata
  tokenCount?: number
  avgLogprobs?: number
  index?: number
  logprobsResult?: object
  safetyRatings?: object[]
  urlContextMetadata?: object
  continuationToken?: string
}

/** Why a prompt was blocked, when it was. */
export interface PromptFeedback {
  blockReason?: BlockedReason
  blockReasonMessage?: string
  safetyRatings?: object[]
}

/** The fields of a Gemini `GenerateContentResponse` that a model adapter reads. */
export interface GenerateContentResponseFields {
  candidates?: Candidate[]
  promptFeedback?: PromptFeedback
  usageMetadata?: GenerateContentResponseUsageMetadata
  modelVersion?: string
}
