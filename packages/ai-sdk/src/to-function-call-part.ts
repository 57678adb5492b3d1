import type { Part } from '@adk-fluent/core'
import type { LanguageModelV3ToolCall } from '@ai-sdk/provider'
import { withProviderMetadata } from './provider-metadata.js'

/** A tool call as a function call part, or the reason it cannot be one. */
export type FunctionCallConversion = { readonly part: Part } | { readonly malformed: string }

/**
 * A tool call of the model as a genai function call part. The provider's `toolCallId` becomes the call's id; an
 * empty one is left out, so the runtime gives the call an `adk-` id of its own (and removes it again before the
 * history goes back to a model, where the prompt conversion numbers the call by its position). The JSON input
 * must be an object (empty input is `{}`).
 */
export function toFunctionCallPart(call: LanguageModelV3ToolCall): FunctionCallConversion {
  let args: unknown
  try {
    args = JSON.parse(call.input.trim() === '' ? '{}' : call.input)
  } catch {
    args = undefined
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { malformed: `The model called "${call.toolName}" with arguments that are not a JSON object: ${call.input}` }
  }
  const functionCall = {
    ...(call.toolCallId ? { id: call.toolCallId } : {}),
    name: call.toolName,
    args: args as Record<string, unknown>,
  }
  return { part: withProviderMetadata({ functionCall }, call.providerMetadata) }
}
