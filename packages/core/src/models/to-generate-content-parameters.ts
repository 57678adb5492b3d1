import type { Content, GenerateContentConfig, GenerateContentParameters, Part } from '@google/genai'
import type { LlmRequest } from './llm-request.js'

/** `GenerateContentParameters` with the contents as a list and the config always present. */
export interface GeminiCallParameters extends GenerateContentParameters {
  contents: Content[]
  config: GenerateContentConfig
}

/**
 * Turns an {@link LlmRequest} (after `maybeAppendUserContent`) into the parameters of a `@google/genai`
 * `generateContent` call, without touching the request: contents and config are copied.
 *
 * For the Gemini API (not Vertex AI) it drops what that API rejects, as ADK does: `displayName` on inline and file
 * data, and `labels`. An empty system instruction is left out, and a response schema without a MIME type gets
 * `application/json`.
 */
export function toGenerateContentParameters(
  request: LlmRequest,
  options: { readonly model: string; readonly vertexai: boolean },
): GeminiCallParameters {
  const config: GenerateContentConfig = { ...request.config }
  if (!config.systemInstruction) delete config.systemInstruction
  if ((config.responseSchema !== undefined || config.responseJsonSchema !== undefined) && !config.responseMimeType) {
    config.responseMimeType = 'application/json'
  }
  let contents = request.contents.map((content) => ({ ...content, parts: content.parts ? [...content.parts] : [] }))
  if (!options.vertexai) {
    delete config.labels
    contents = contents.map((content) => ({ ...content, parts: content.parts.map(withoutDisplayName) }))
  }
  return { model: request.model ?? options.model, contents, config }
}

function withoutDisplayName(part: Part): Part {
  let result = part
  if (part.inlineData?.displayName !== undefined) {
    const { displayName: _dropped, ...inlineData } = part.inlineData
    result = { ...result, inlineData }
  }
  if (part.fileData?.displayName !== undefined) {
    const { displayName: _dropped, ...fileData } = part.fileData
    result = { ...result, fileData }
  }
  return result
}
