import type { Content } from '../models/genai-types.js'

/** One remembered piece of an earlier conversation (ADK's `MemoryEntry`). */
export interface MemoryEntry {
  /** The remembered content: the text parts of the event it came from (thoughts and non-text parts left out). */
  content: Content
  /** Who said it: the event's author (`'user'` or an agent's name). */
  author?: string
  /** When it was said, as an ISO 8601 string (`2025-01-31T12:00:00.000Z`). */
  timestamp?: string
}

/** What {@link BaseMemoryService.searchMemory} looks for. */
export interface SearchMemoryRequest {
  appName: string
  userId: string
  /** Free text; its words are matched case-insensitively against the words of each memory (see `memoryWords`). */
  query: string
  /** At most this many memories (the newest ones that match); default: every match. */
  limit?: number
}

/** The memories that matched, oldest first. */
export interface SearchMemoryResponse {
  memories: MemoryEntry[]
}

/** What {@link BaseMemoryService.addMemory} stores: explicit memories of one user of one app. */
export interface AddMemoryRequest {
  appName: string
  userId: string
  /** A string is a memory with that text (no author, timestamp: now). */
  memories: readonly (string | MemoryEntry)[]
}
