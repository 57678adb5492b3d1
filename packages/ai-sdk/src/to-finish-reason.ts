import type { FinishReason } from '@adk-fluent/core'
import type { LanguageModelV3FinishReason } from '@ai-sdk/provider'

/** A genai finish reason and, when the model stopped abnormally, the message that explains it. */
export interface MappedFinishReason {
  readonly finishReason?: FinishReason
  readonly finishMessage?: string
}

// Gemini's finish reasons (core's FinishReason values).
const STOP: FinishReason = 'STOP'
const MAX_TOKENS: FinishReason = 'MAX_TOKENS'
const SAFETY: FinishReason = 'SAFETY'
const OTHER: FinishReason = 'OTHER'

/**
 * The AI SDK's unified finish reason as Gemini's: `stop` and `tool-calls` → `STOP`, `length` → `MAX_TOKENS`,
 * `content-filter` → `SAFETY`, `error` → `OTHER` with a message naming the provider's own reason. `other` (a reason
 * the provider could not classify) gives none, so an answer is never marked as cut short on a reason nobody knows.
 */
export function toFinishReason(reason: LanguageModelV3FinishReason | undefined): MappedFinishReason {
  const raw = reason?.raw ? ` (provider reason "${reason.raw}")` : ''
  switch (reason?.unified) {
    case 'stop':
    case 'tool-calls':
      return { finishReason: STOP }
    case 'length':
      return { finishReason: MAX_TOKENS, finishMessage: `The model reached its output token limit${raw}.` }
    case 'content-filter':
      return { finishReason: SAFETY, finishMessage: `The provider's content filter stopped the answer${raw}.` }
    case 'error':
      return { finishReason: OTHER, finishMessage: `The model stopped because of an error${raw}.` }
    default:
      return {}
  }
}
