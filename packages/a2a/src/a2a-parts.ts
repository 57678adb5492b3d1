import { randomUUID } from 'node:crypto'
import { Role, type Message, type Part } from '@a2a-js/sdk'
import type { Event } from '@adk-fluent/core'

type Content = NonNullable<Event['content']>
type ContentPart = NonNullable<Content['parts']>[number]

/** An A2A text part. */
export function textPart(text: string): Part {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }
}

/** An A2A data part (a JSON value). */
export function dataPart(value: Record<string, unknown>): Part {
  return { content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' }
}

/** An A2A message with fresh id. */
export function a2aMessage(
  role: Role,
  parts: Part[],
  ids: { readonly contextId?: string; readonly taskId?: string } = {},
  metadata?: Record<string, unknown>,
): Message {
  return {
    messageId: randomUUID(),
    contextId: ids.contextId ?? '',
    taskId: ids.taskId ?? '',
    role,
    parts,
    metadata,
    extensions: [],
    referenceTaskIds: [],
  }
}

/** An agent's message holding `text`. */
export function agentMessage(text: string, ids: { contextId: string; taskId: string }, author?: string): Message {
  return a2aMessage(Role.ROLE_AGENT, [textPart(text)], ids, author === undefined ? undefined : { author })
}

/** The text of the parts (text parts joined by newlines). */
export function partsText(parts: readonly Part[]): string {
  return parts.flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : [])).join('\n')
}

/** The object fields of the parts' data (later parts win). */
export function partsData(parts: readonly Part[]): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const part of parts) {
    const value = part.content?.$case === 'data' ? part.content.value : undefined
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) Object.assign(data, value)
  }
  return data
}

/** An A2A message's parts as genai content parts: text as text, files as inline data or file references. */
export function toContentParts(parts: readonly Part[]): ContentPart[] {
  return parts.flatMap((part): ContentPart[] => {
    const content = part.content
    if (!content) return []
    const mimeType = part.mediaType || 'application/octet-stream'
    switch (content.$case) {
      case 'text':
        return [{ text: content.value }]
      case 'raw':
        return [{ inlineData: { mimeType, data: Buffer.from(content.value).toString('base64') } }]
      case 'url':
        return [{ fileData: { fileUri: content.value, mimeType } }]
      case 'data':
        return []
    }
  })
}

/** A genai content's parts as A2A parts: text as text, inline data as raw bytes, file references as URLs. */
export function fromContentParts(content: Content | undefined): Part[] {
  return (content?.parts ?? []).flatMap((part): Part[] => {
    if (typeof part.text === 'string' && part.thought !== true) return [textPart(part.text)]
    const meta = { metadata: undefined, filename: '' }
    if (part.inlineData?.data !== undefined)
      return [
        {
          content: { $case: 'raw', value: Buffer.from(part.inlineData.data, 'base64') },
          ...meta,
          mediaType: part.inlineData.mimeType ?? 'application/octet-stream',
        },
      ]
    if (part.fileData?.fileUri !== undefined)
      return [
        {
          content: { $case: 'url', value: part.fileData.fileUri },
          ...meta,
          mediaType: part.fileData.mimeType ?? 'application/octet-stream',
        },
      ]
    return []
  })
}

/** The text of a genai content (text parts joined). */
export function contentText(content: Content | undefined): string {
  return (content?.parts ?? [])
    .flatMap((part) => (typeof part.text === 'string' && part.thought !== true ? [part.text] : []))
    .join('')
}

/** The JSON object a text is (an agent with `.returns()` answers with one), parsed, else `undefined`. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(trimmed)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
