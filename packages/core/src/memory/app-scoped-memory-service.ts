import type { Session } from '../sessions/session.js'
import { BaseMemoryService } from './base-memory-service.js'
import type { AddMemoryRequest, SearchMemoryRequest, SearchMemoryResponse } from './memory-entry.js'

/**
 * Another service's memory seen from a run under another app name: every request goes to `appName`. An `AgentTool`
 * runs its agent as an app of its own name; through this its agent recalls (and adds to) the memories of the app
 * that called it, as the calling agent would.
 * @internal
 */
export class AppScopedMemoryService extends BaseMemoryService {
  readonly #inner: BaseMemoryService
  readonly #appName: string

  constructor(inner: BaseMemoryService, appName: string) {
    super()
    this.#inner = inner
    this.#appName = appName
  }

  override addSessionToMemory(session: Session): Promise<void> {
    return this.#inner.addSessionToMemory({ ...session, appName: this.#appName })
  }

  override searchMemory(request: SearchMemoryRequest): Promise<SearchMemoryResponse> {
    return this.#inner.searchMemory({ ...request, appName: this.#appName })
  }

  override addMemory(request: AddMemoryRequest): Promise<void> {
    return this.#inner.addMemory({ ...request, appName: this.#appName })
  }
}
