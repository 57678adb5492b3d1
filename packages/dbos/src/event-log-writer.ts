import type { Event } from '@adk-fluent/core'
import type { RunStore } from './run-store.js'

/**
 * Writes a run's events to its log beside the run: one write at a time, in order; the events that arrive while a
 * write is in flight go together in the next one. `flush()` waits for everything and throws the first failure.
 */
export class EventLogWriter {
  readonly #store: RunStore
  readonly #runId: string
  #pending: Event[] = []
  #writing: Promise<void> | undefined
  #failure: { error: unknown } | undefined

  constructor(store: RunStore, runId: string) {
    this.#store = store
    this.#runId = runId
  }

  add(event: Event): void {
    this.#pending.push(event)
    this.#writing ??= this.#drain()
  }

  async flush(): Promise<void> {
    while (this.#writing) await this.#writing
    if (this.#failure) throw this.#failure.error
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0 && !this.#failure) {
        const batch = this.#pending
        this.#pending = []
        await this.#store.logEvents(this.#runId, batch)
      }
    } catch (error) {
      this.#failure ??= { error }
    } finally {
      this.#writing = undefined
    }
  }
}
