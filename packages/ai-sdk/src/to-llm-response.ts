import { Buffer } from 'node:buffer'
import { createLlmResponse, type GenerateContentResponseFields, type LlmResponse } from '@adk-fluent/core'
import type { FinishReason, Part } from '@adk-fluent/core'
import type { LanguageModelV3Content, LanguageModelV3GenerateResult } from '@ai-sdk/provider'
import { toFinishReason } from './to-finish-reason.js'
import { toFunctionCallPart } from './to-function-call-part.js'
import { toUsageMetadata } from './to-usage-metadata.js'
import { withProviderMetadata } from './provider-metadata.js'

const MALFORMED_FUNCTION_CALL: FinishReason = 'MALFORMED_FUNCTION_CALL'

/**
 * A whole (non-streamed) AI SDK answer as one {@link LlmResponse}, through core's `createLlmResponse` so it reads
 * exactly like a Gemini answer: text, reasoning (as thought parts), client tool calls (as function calls) and files
 * (as inline data) in the order the model gave them; usage, finish reason and the response's model id. An answer
 * with no content gives `errorCode` = the finish reason; a tool call whose input is not a JSON object gives
 * `errorCode: 'MALFORMED_FUNCTION_CALL'`. Tool calls the provider executed itself, their results and sources are
 * not part of the conversation and are left out.
 */
export function toLlmResponse(result: LanguageModelV3GenerateResult): LlmResponse {
  const parts: Part[] = []
  let malformed: string | undefined
  for (const content of result.content) {
    if (content.type === 'tool-call' && !content.providerExecuted) {
      const converted = toFunctionCallPart(content)
      if ('part' in converted) parts.push(converted.part)
      else malformed = converted.malformed
    } else {
      const part = toPart(content)
      if (part) parts.push(part)
    }
  }
  const { finishReason, finishMessage } = malformed
    ? { finishReason: MALFORMED_FUNCTION_CALL, finishMessage: malformed }
    : toFinishReason(result.finishReason)
  const fields: GenerateContentResponseFields = {
    candidates: [
      {
        ...(parts.length > 0 && !malformed ? { content: { role: 'model', parts } } : {}),
        ...(finishReason ? { finishReason } : {}),
        ...(finishMessage ? { finishMessage } : {}),
      },
    ],
  }
  const usageMetadata = toUsageMetadata(result.usage)
  if (usageMetadata) fields.usageMetadata = usageMetadata
  if (result.response?.modelId) fields.modelVersion = result.response.modelId
  return createLlmResponse(fields)
}

/** A text, reasoning or file content as a part (other kinds: `undefined`). */
export function toPart(content: LanguageModelV3Content): Part | undefined {
  switch (content.type) {
    case 'text':
      return content.text.length > 0
        ? withProviderMetadata({ text: content.text }, content.providerMetadata)
        : undefined
    case 'reasoning':
      return content.text.length > 0 || content.providerMetadata
        ? withProviderMetadata({ text: content.text, thought: true }, content.providerMetadata)
        : undefined
    case 'file':
      return { inlineData: { data: base64(content.data), mimeType: content.mediaType } }
    default:
      return undefined
  }
}

function base64(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : Buffer.from(data).toString('base64')
}
