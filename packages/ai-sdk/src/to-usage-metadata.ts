import type { GenerateContentResponseUsageMetadata } from '@adk-fluent/core'
import type { LanguageModelV3Usage } from '@ai-sdk/provider'

/**
 * AI SDK usage as genai usage metadata, as Gemini counts: `promptTokenCount` = input tokens,
 * `cachedContentTokenCount` = cached input tokens read, `thoughtsTokenCount` = reasoning tokens,
 * `candidatesTokenCount` = output tokens without the reasoning ones, `totalTokenCount` = input + output.
 * Counts the provider does not report are left out; `undefined` when it reports none.
 */
export function toUsageMetadata(
  usage: LanguageModelV3Usage | undefined,
): GenerateContentResponseUsageMetadata | undefined {
  if (!usage) return undefined
  const input = usage.inputTokens?.total
  const output = usage.outputTokens?.total
  const reasoning = usage.outputTokens?.reasoning
  const cached = usage.inputTokens?.cacheRead
  const candidates =
    usage.outputTokens?.text ?? (output !== undefined && reasoning !== undefined ? output - reasoning : output)
  const metadata: GenerateContentResponseUsageMetadata = {}
  if (input !== undefined) metadata.promptTokenCount = input
  if (cached !== undefined && cached > 0) metadata.cachedContentTokenCount = cached
  if (candidates !== undefined) metadata.candidatesTokenCount = candidates
  if (reasoning !== undefined && reasoning > 0) metadata.thoughtsTokenCount = reasoning
  if (input !== undefined && output !== undefined) metadata.totalTokenCount = input + output
  return Object.keys(metadata).length > 0 ? metadata : undefined
}
