import type { Content, Part } from '../../models/genai-types.js'
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../../util/ids.js'

/** The content without runtime-generated (`adk-`) function call/response ids; unchanged objects are reused. */
export function stripClientIds(content: Content): Content {
  const parts = content.parts
  if (!parts) return content
  // The parts array is copied only from the first part that changes (most contents have no client ids).
  let next: Part[] | undefined
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Part
    const stripped = stripPart(part)
    if (stripped !== part) next ??= parts.slice(0, index)
    next?.push(stripped)
  }
  return next ? { ...content, parts: next } : content
}

function stripPart(part: Part): Part {
  const call = part.functionCall
  if (call?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)) {
    const { id: _id, ...rest } = call
    return { ...part, functionCall: rest }
  }
  const response = part.functionResponse
  if (response?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)) {
    const { id: _id, ...rest } = response
    return { ...part, functionResponse: rest }
  }
  return part
}
