import type { Session } from '../sessions/session.js'
import { ConfigError } from '../errors/config-error.js'
import { brandSymbol, hasBrand } from '../util/brand.js'
import type { AddMemoryRequest, SearchMemoryRequest, SearchMemoryResponse } from './memory-entry.js'

const memoryServiceBrand = brandSymbol('memory-service')

/**
 * Long-term memory across a user's sessions (ADK's `BaseMemoryService`): sessions are added to it, and agents search
 * it (`context.searchMemory`, the `load_memory` and `preload_memory` tools).
 *
 * The contract every service of adk-fluent keeps (checked by one conformance suite on each of them):
 * - `addSessionToMemory(session)` stores one memory per event whose text has a word; adding a session again (or a
 *   later view of it) adds its new events and never duplicates one already stored (keyed by session and event id).
 * - `searchMemory({ appName, userId, query })` sees only that app's and that user's memories, and returns those that
 *   share at least one word with the query (case-insensitive whole words, as defined by `memoryWords`), oldest first;
 *   with `limit`, the newest `limit` of them (still oldest first). A query without words finds nothing. Quotes,
 *   operators and NUL characters in a query are separators like spaces: they never fail a search or widen it.
 * - `addMemory({ appName, userId, memories })` stores explicit memories beside those of sessions.
 */
export abstract class BaseMemoryService {
  constructor() {
    Object.defineProperty(this, memoryServiceBrand, { value: true })
  }

  /** Adds the memories of a session (one per event with text); a session may be added any number of times. */
  abstract addSessionToMemory(session: Session): Promise<void>

  /** The memories of `appName` / `userId` that share a word with `query`, oldest first. */
  abstract searchMemory(request: SearchMemoryRequest): Promise<SearchMemoryResponse>

  /** Adds explicit memories (facts the application decides to keep). Services that cannot, throw a `ConfigError`. */
  addMemory(request: AddMemoryRequest): Promise<void> {
    void request
    return Promise.reject(
      new ConfigError([
        {
          code: 'memory_unsupported',
          path: [this.constructor.name, 'addMemory'],
          message: `${this.constructor.name} does not support addMemory();`,
          hint: 'add whole sessions with addSessionToMemory(session).',
        },
      ]),
    )
  }
}

/** True for any {@link BaseMemoryService}, whichever module instance created it. */
export function isBaseMemoryService(value: unknown): value is BaseMemoryService {
  return hasBrand(value, memoryServiceBrand)
}
