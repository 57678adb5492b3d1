import type { DBOSClient } from '@dbos-inc/dbos-sdk'

/**
 * Aborts the runs a worker executes when they are cancelled: while any run is in flight, one query every
 * `intervalMs` asks which of them DBOS marked cancelled, and fires their abort signals (the step that is running
 * stops at once; the run stores nothing more).
 */
export class CancelWatch {
  readonly #client: DBOSClient
  readonly #intervalMs: number
  readonly #running = new Map<string, AbortController>()
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(client: DBOSClient, intervalMs: number) {
    this.#client = client
    this.#intervalMs = intervalMs
  }

  /** Watches a run until the returned function is called. */
  watch(runId: string, abort: AbortController): () => void {
    this.#running.set(runId, abort)
    this.#schedule()
    return () => {
      if (this.#running.get(runId) === abort) this.#running.delete(runId)
    }
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    this.#running.clear()
  }

  #schedule(): void {
    if (this.#timer || this.#running.size === 0) return
    this.#timer = setTimeout(() => void this.#poll(), this.#intervalMs)
    this.#timer.unref?.()
  }

  async #poll(): Promise<void> {
    try {
      // Every run watched when the poll was scheduled may have ended since: an empty list is no query (DBOS would
      // send `IN ()`, which PostgreSQL refuses).
      const workflowIDs = [...this.#running.keys()]
      if (workflowIDs.length === 0) return
      const cancelled = await this.#client.listWorkflows({
        workflowIDs,
        status: 'CANCELLED',
        loadInput: false,
        loadOutput: false,
      })
      for (const status of cancelled) this.#running.get(status.workflowID)?.abort()
    } catch {
      // The next poll tries again.
    } finally {
      this.#timer = undefined
      this.#schedule()
    }
  }
}
