import type { Context } from '@adk-fluent/core'

/** An artifact as stored: a `@google/genai` `Part` (text, inline data or a file reference). */
export type ArtifactPart = NonNullable<Awaited<ReturnType<Context['loadArtifact']>>>

/** What `A.save()` accepts: text, bytes, a JSON-able value, or a ready `Part`. */
export type ArtifactContent =
  | string
  | Uint8Array
  | ArtifactPart
  | number
  | boolean
  | readonly unknown[]
  | Record<string, unknown>

const textualMime = /^(text\/|application\/(json|xml|javascript|x-ndjson|yaml)|[^/]+\/[^+]+\+(json|xml))/

/** True for a value shaped like a `Part` (`{ text }`, `{ inlineData }` or `{ fileData }`). @internal */
export function isArtifactPart(value: unknown): value is ArtifactPart {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) return false
  const part = value as { text?: unknown; inlineData?: unknown; fileData?: unknown }
  return typeof part.text === 'string' || typeof part.inlineData === 'object' || typeof part.fileData === 'object'
}

/**
 * The `Part` stored for a value: text as `{ text }` (or inline data of `mime` when one is given), bytes as inline
 * data (`application/octet-stream` by default), other values as JSON text.
 * @internal
 */
export function toArtifactPart(value: unknown, mime?: string): ArtifactPart {
  if (isArtifactPart(value)) return value
  if (value instanceof Uint8Array) {
    return { inlineData: { mimeType: mime ?? 'application/octet-stream', data: Buffer.from(value).toString('base64') } }
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  if (mime === undefined) return { text }
  return { inlineData: { mimeType: mime, data: Buffer.from(text, 'utf8').toString('base64') } }
}

/**
 * The state value of a stored `Part`: its text; inline data of a textual type (`text/*`, JSON, XML, YAML) decoded as
 * UTF-8; other inline data as `{ mimeType, data }` (base64); a file reference as `{ fileUri, mimeType }`.
 * @internal
 */
export function fromArtifactPart(part: ArtifactPart): unknown {
  if (typeof part.text === 'string') return part.text
  const inline = part.inlineData
  if (inline) {
    const mimeType = inline.mimeType ?? 'application/octet-stream'
    const data = inline.data ?? ''
    return textualMime.test(mimeType) ? Buffer.from(data, 'base64').toString('utf8') : { mimeType, data }
  }
  if (part.fileData) return { fileUri: part.fileData.fileUri, mimeType: part.fileData.mimeType }
  return null
}
