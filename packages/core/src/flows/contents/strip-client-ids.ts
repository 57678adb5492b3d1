import type { Content } from '@google/genai'
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../../util/ids.js'

/** The content without runtime-generated (`adk-`) function call/response ids; unchanged objects are reused. */
export function stripClientIds(content: Content): Content {
  const parts = content.parts
  if (!parts) return content
  let changed = false
  const next = parts.map((part) => {
    const call = part.functionCall
    if (call?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)) {
      changed = true
      const { id: _id, ...rest } = call
      return { ...part, functionCall: rest }
    }
    const response = part.functionResponse
    if (response?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)) {
      changed = true
      const { id: _id, ...rest } = response
      return { ...part, functionResponse: rest }
    }
    return part
  })
  return changed ? { ...content, parts: next } : content
}
