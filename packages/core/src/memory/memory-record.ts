import type { Content, Part } from '../models/genai-types.js'
import type { Session } from '../sessions/session.js'
import { ConfigError } from '../errors/config-error.js'
import { randomUUID } from '../util/ids.js'
import { isWellFormedText } from '../sessions/storable-state.js'
import type { AddMemoryRequest, MemoryEntry, SearchMemoryRequest } from './memory-entry.js'
import { memoryWords, queryWords } from './memory-words.js'

/**
 * One memory as every service stores it: where it came from, when, who said it, its text-only content and its
 * words (the search index). Built by {@link sessionMemoryRecords} and {@link explicitMemoryRecords}.
 */
export interface MemoryRecord {
  /** The session it came from; `undefined` for memories added with `addMemory`. */
  readonly sessionId: string | undefined
  /** The event id (unique in its session), or a new id for an explicit memory. */
  readonly key: string
  readonly author: string | undefined
  /** Milliseconds since the epoch (the event's timestamp). */
  readonly timestamp: number
  readonly content: Content
  /** Its distinct words ({@link memoryWords}); never empty. */
  readonly words: readonly string[]
}

function textParts(content: Content | undefined): Part[] {
  const parts: Part[] = []
  for (const part of content?.parts ?? [])
    if (typeof part.text === 'string' && part.text.length > 0 && part.thought !== true) parts.push({ text: part.text })
  return parts
}

function textOf(content: Content): string {
  return (content.parts ?? []).map((part) => part.text ?? '').join(' ')
}

/**
 * The memories of a session: one per event whose text (its non-thought text parts) has at least one word; partial
 * events are skipped. The content keeps the event's role and only those text parts. A session without an app name
 * or user id is a {@link ConfigError}.
 */
export function sessionMemoryRecords(session: Session): MemoryRecord[] {
  checkScope('addSessionToMemory', session)
  const records: MemoryRecord[] = []
  for (const event of session.events) {
    if (event.partial) continue
    const parts = textParts(event.content)
    if (parts.length === 0) continue
    const content: Content = event.content?.role === undefined ? { parts } : { role: event.content.role, parts }
    const words = memoryWords(textOf(content))
    if (words.length === 0) continue
    records.push({
      sessionId: session.id,
      key: event.id,
      author: event.author,
      timestamp: event.timestamp,
      content,
      words,
    })
  }
  return records
}

/** The records of explicit memories ({@link AddMemoryRequest}); a memory without words is a {@link ConfigError}. */
export function explicitMemoryRecords(request: AddMemoryRequest): MemoryRecord[] {
  checkScope('addMemory', request)
  if (!Array.isArray(request.memories)) {
    throw new ConfigError([
      {
        code: 'list_invalid',
        path: ['addMemory', 'memories'],
        message: 'memories must be an array of strings or MemoryEntry objects.',
      },
    ])
  }
  const now = Date.now()
  return request.memories.map((memory, index) => {
    const path = ['addMemory', 'memories', index]
    const entry: MemoryEntry =
      typeof memory === 'string' ? { content: { role: 'user', parts: [{ text: memory }] } } : memory
    const parts = textParts(entry?.content)
    const words = memoryWords(parts.map((part) => part.text).join(' '))
    if (words.length === 0) {
      throw new ConfigError([
        {
          code: 'memory_invalid',
          path,
          message: 'a memory needs text with at least one word (letters or digits).',
          hint: 'Pass a non-empty string.',
        },
      ])
    }
    let timestamp = now
    if (entry.timestamp !== undefined) {
      timestamp = Date.parse(entry.timestamp)
      if (!Number.isFinite(timestamp)) {
        throw new ConfigError([
          {
            code: 'memory_invalid',
            path: [...path, 'timestamp'],
            message: `timestamp ${JSON.stringify(entry.timestamp)} is not an ISO 8601 date.`,
          },
        ])
      }
    }
    const role = entry.content.role
    return {
      sessionId: undefined,
      key: randomUUID(),
      author: entry.author,
      timestamp,
      content: role === undefined ? { parts } : { role, parts },
      words,
    }
  })
}

/** The entry a search answers with: `{ content, author, timestamp }` (ISO), `author` left out when unknown. */
export function memoryEntryOf(record: {
  readonly content: Content
  readonly author: string | undefined | null
  readonly timestamp: number
}): MemoryEntry {
  const entry: MemoryEntry = { content: record.content }
  if (record.author !== undefined && record.author !== null) entry.author = record.author
  entry.timestamp = new Date(record.timestamp).toISOString()
  return entry
}

/** A checked search: its scope, its words ({@link queryWords}) and its limit (`undefined`: no limit). */
export interface MemorySearch {
  readonly appName: string
  readonly userId: string
  readonly words: readonly string[]
  readonly limit: number | undefined
}

/** Checks a search request (a {@link ConfigError} naming the bad field) and extracts its words. */
export function memorySearchOf(request: SearchMemoryRequest): MemorySearch {
  checkScope('searchMemory', request)
  if (typeof request.query !== 'string') {
    throw new ConfigError([
      {
        code: 'text_invalid',
        path: ['searchMemory', 'query'],
        message: `query must be a string, got ${typeof request.query}.`,
      },
    ])
  }
  const { limit } = request
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    throw new ConfigError([
      {
        code: 'number_invalid',
        path: ['searchMemory', 'limit'],
        message: `limit must be a positive integer, got ${String(limit)}.`,
      },
    ])
  }
  return { appName: request.appName, userId: request.userId, words: queryWords(request.query), limit }
}

/**
 * Checks the `appName` / `userId` of a request or session: non-empty, without NUL characters, and well-formed UTF-16
 * (a lone surrogate becomes U+FFFD in a database's UTF-8 text, so two such ids would share one user's memories).
 */
export function checkScope(operation: string, scope: { readonly appName: unknown; readonly userId: unknown }): void {
  for (const field of ['appName', 'userId'] as const) {
    const value = scope?.[field]
    if (typeof value !== 'string' || value.length === 0 || value.includes('\0')) {
      throw new ConfigError([
        {
          code: 'session_ids_invalid',
          path: [operation, field],
          message: `${field} must be a non-empty string without NUL characters, got ${JSON.stringify(value)}.`,
        },
      ])
    }
    if (!isWellFormedText(value)) {
      throw new ConfigError([
        {
          code: 'session_ids_invalid',
          path: [operation, field],
          message: `${field} ${JSON.stringify(value)} is not well-formed UTF-16 (it has a lone surrogate); stores keep ids as UTF-8 text, where it would name another user's memories. Use well-formed text.`,
        },
      ])
    }
  }
}
