// Types only, and only in the Gemini model's files: core's public types use ./genai-types.js.
import type * as genai from '@google/genai'
import type { GenerateContentConfig, Part } from './genai-types.js'
import type { LlmRequest } from './llm-request.js'

/** `@google/genai`'s `GenerateContentParameters` with the contents as a list and the config always present. */
export interface GeminiCallParameters extends genai.GenerateContentParameters {
  contents: genai.Content[]
  config: genai.GenerateContentConfig
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
  const parameters = { model: request.model ?? options.model, contents, config }
  // Core's types are Gemini's wire shapes with enums as their string values ('OBJECT', not `Type.OBJECT`), which is
  // what `@google/genai` sends too (genai-compat.test-d.ts checks the shapes against its types).
  return parameters as GeminiCallParameters
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
