import type { Part } from '@adk-fluent/core'
import type { SharedV3ProviderMetadata } from '@ai-sdk/provider'

/**
 * The key under `Part.partMetadata` where a part keeps the AI SDK provider metadata it arrived with (reasoning
 * signatures, item ids, thought signatures of tool calls). It is sent back as the part's `providerOptions` in later
 * requests, so providers that need their own metadata echoed (Anthropic thinking with tools, OpenAI reasoning items,
 * Gemini 3 tool calls) work across turns, including after the session was stored.
 */
export const PROVIDER_METADATA_KEY = 'aiSdkProviderMetadata'

/** The part with the provider metadata attached (the part itself when there is none). */
export function withProviderMetadata(part: Part, metadata: SharedV3ProviderMetadata | undefined): Part {
  if (!metadata || Object.keys(metadata).length === 0) return part
  return { ...part, partMetadata: { ...part.partMetadata, [PROVIDER_METADATA_KEY]: metadata } }
}

/** The provider metadata a part carries, to send back as `providerOptions`. */
export function providerMetadataOf(part: Part): SharedV3ProviderMetadata | undefined {
  const value = part.partMetadata?.[PROVIDER_METADATA_KEY]
  return typeof value === 'object' && value !== null ? (value as SharedV3ProviderMetadata) : undefined
}
