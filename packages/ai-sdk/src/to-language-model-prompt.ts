import type { Content, Part } from '@adk-fluent/core'
import type {
  JSONValue,
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ReasoningPart,
  LanguageModelV3TextPart,
  LanguageModelV3ToolCallPart,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider'
import { providerMetadataOf } from './provider-metadata.js'

type AssistantPart =
  | LanguageModelV3TextPart
  | LanguageModelV3FilePart
  | LanguageModelV3ReasoningPart
  | LanguageModelV3ToolCallPart

/**
 * Turns the system instruction and the contents of a request into an AI SDK prompt:
 *
 * - the system instruction → one `system` message;
 * - a model turn → an `assistant` message: text, thought text as `reasoning`, function calls as `tool-call`s, inline
 *   data as files; provider metadata kept on a part (see `PROVIDER_METADATA_KEY`) goes back as its `providerOptions`;
 * - a user turn → its function responses as one `tool` message (each response object as a `json` output), then its
 *   text and files as a `user` message.
 *
 * Ids: a function call keeps its id. One without (the runtime removes the `adk-` ids it made up for calls that came
 * without one, and Gemini-style history may have none) gets `call_<content index>_<part index>`, stable for the same
 * history; a function response without an id takes the id of the earliest unanswered call of the same name (calls
 * answered by a response with an id in the same turn do not count).
 */
export function toLanguageModelPrompt(
  systemInstruction: string | undefined,
  contents: readonly Content[],
): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = systemInstruction ? [{ role: 'system', content: systemInstruction }] : []
  const unanswered = new Map<string, string[]>()
  contents.forEach((content, contentIndex) => {
    if (content.role === 'model') prompt.push(...assistantMessages(content, contentIndex, unanswered))
    else prompt.push(...userMessages(content, unanswered))
  })
  return prompt
}

function assistantMessages(
  content: Content,
  contentIndex: number,
  unanswered: Map<string, string[]>,
): LanguageModelV3Message[] {
  const parts = (content.parts ?? []).flatMap((part, partIndex): AssistantPart[] => {
    const providerOptions = providerMetadataOf(part)
    const extra = providerOptions ? { providerOptions } : {}
    if (part.functionCall) {
      const name = part.functionCall.name ?? ''
      const toolCallId = part.functionCall.id || `call_${contentIndex}_${partIndex}`
      unanswered.set(name, [...(unanswered.get(name) ?? []), toolCallId])
      return [{ type: 'tool-call', toolCallId, toolName: name, input: part.functionCall.args ?? {}, ...extra }]
    }
    if (typeof part.text === 'string') {
      if (part.text.length === 0 && !providerOptions) return []
      return [{ type: part.thought ? 'reasoning' : 'text', text: part.text, ...extra }]
    }
    const file = toFilePart(part)
    return file ? [file] : []
  })
  return parts.length > 0 ? [{ role: 'assistant', content: parts }] : []
}

function userMessages(content: Content, unanswered: Map<string, string[]>): LanguageModelV3Message[] {
  const results: LanguageModelV3ToolResultPart[] = []
  const inputs: (LanguageModelV3TextPart | LanguageModelV3FilePart)[] = []
  // Responses with an id claim their calls first, so the ones without take only the calls left unanswered.
  for (const part of content.parts ?? []) {
    const response = part.functionResponse
    if (response?.id) removeUnanswered(unanswered, response.name ?? '', response.id)
  }
  for (const part of content.parts ?? []) {
    if (part.functionResponse) {
      const name = part.functionResponse.name ?? ''
      const toolCallId = part.functionResponse.id || takeUnanswered(unanswered, name) || `call_unpaired_${name}`
      const value = (part.functionResponse.response ?? {}) as JSONValue
      results.push({ type: 'tool-result', toolCallId, toolName: name, output: { type: 'json', value } })
      continue
    }
    if (typeof part.text === 'string' && !part.thought) {
      if (part.text.length > 0) inputs.push({ type: 'text', text: part.text })
      continue
    }
    const file = toFilePart(part)
    if (file) inputs.push(file)
  }
  const messages: LanguageModelV3Message[] = []
  if (results.length > 0) messages.push({ role: 'tool', content: results })
  if (inputs.length > 0) messages.push({ role: 'user', content: inputs })
  return messages
}

function removeUnanswered(unanswered: Map<string, string[]>, name: string, id: string): void {
  const ids = unanswered.get(name)
  const index = ids?.indexOf(id) ?? -1
  if (index >= 0) ids?.splice(index, 1)
}

function takeUnanswered(unanswered: Map<string, string[]>, name: string): string | undefined {
  return unanswered.get(name)?.shift()
}

function toFilePart(part: Part): LanguageModelV3FilePart | undefined {
  if (part.inlineData?.data !== undefined) {
    const mediaType = part.inlineData.mimeType ?? 'application/octet-stream'
    const filename = part.inlineData.displayName
    return { type: 'file', data: part.inlineData.data, mediaType, ...(filename ? { filename } : {}) }
  }
  if (part.fileData?.fileUri !== undefined) {
    const mediaType = part.fileData.mimeType ?? 'application/octet-stream'
    const filename = part.fileData.displayName
    return { type: 'file', data: new URL(part.fileData.fileUri), mediaType, ...(filename ? { filename } : {}) }
  }
  return undefined
}
