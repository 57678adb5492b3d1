import type { Event } from '@adk-fluent/core'
import type { RunStore } from './run-store.js'

/** How long an event waits for the ones after it before the log is written (`run.events()` polls every 100 ms at most). */
const batchMs = 25

/**
 * Writes a run's events to its log beside the run, in order: an event waits 25 ms for the events after it, then
 * they go together in one write; the events that arrive while a write is in flight go in the next one.
 * `flush()` writes what is waiting at once, waits for everything and throws the first failure.
 */
export class EventLogWriter {
  readonly #store: RunStore
  readonly #runId: string
  #pending: Event[] = []
  #timer: ReturnType<typeof setTimeout> | undefined
  #writing: Promise<void> | undefined
  #failure: { error: unknown } | undefined

  constructor(store: RunStore, runId: string) {
    this.#store = store
    this.#runId = runId
  }

  add(event: Event): void {
    this.#pending.push(event)
    if (this.#writing || this.#timer) return
    this.#timer = setTimeout(() => this.#start(), batchMs)
    this.#timer.unref?.()
  }

  async flush(): Promise<void> {
    this.#start()
    while (this.#writing) await this.#writing
    if (this.#failure) throw this.#failure.error
  }

  #start(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#pending.length > 0) this.#writing ??= this.#drain()
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
