import {
  BaseMemoryService,
  type AddMemoryRequest,
  type MemoryEntry,
  type MemoryRecord,
  type MemorySearch,
  type SearchMemoryRequest,
  type SearchMemoryResponse,
  type Session,
} from '@adk-fluent/core'
import { memoryRecords } from '@adk-fluent/core/internal'

/**
 * What the database-backed memory services share: requests checked and turned into records or a search (core's
 * `memoryRecords`, as the in-memory service does), so each database only stores records and finds them.
 */
export abstract class StoredMemoryService extends BaseMemoryService {
  /** Stores the records of one user of one app; a record already stored (same session and key) is skipped. */
  protected abstract insert(appName: string, userId: string, records: readonly MemoryRecord[]): Promise<void>

  /** The matching memories (the search has at least one word), oldest first, the newest `limit` when set. */
  protected abstract find(search: MemorySearch): Promise<MemoryEntry[]>

  /** Closes the database connection. */
  abstract close(): Promise<void>

  override async addSessionToMemory(session: Session): Promise<void> {
    const records = memoryRecords.ofSession(session)
    if (records.length > 0) await this.insert(session.appName, session.userId, records)
  }

  override async addMemory(request: AddMemoryRequest): Promise<void> {
    const records = memoryRecords.ofMemories(request)
    if (records.length > 0) await this.insert(request.appName, request.userId, records)
  }

  override async searchMemory(request: SearchMemoryRequest): Promise<SearchMemoryResponse> {
    const search = memoryRecords.search(request)
    return { memories: search.words.length === 0 ? [] : await this.find(search) }
  }
}
