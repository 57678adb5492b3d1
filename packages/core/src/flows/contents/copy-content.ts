import type { Content } from '../../models/genai-types.js'

/**
 * A copy of a content that a request may own: plain objects and arrays are copied all the way down (other values,
 * such as class instances, are shared), so a callback or model that edits the request in place cannot rewrite the
 * session's events.
 */
export function copyContent(content: Content): Content {
  return copyPlain(content) as Content
}

function copyPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyPlain)
  if (typeof value !== 'object' || value === null) return value
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = {}
  for (const key in value) copy[key] = copyPlain((value as Record<string, unknown>)[key])
  return copy
}
