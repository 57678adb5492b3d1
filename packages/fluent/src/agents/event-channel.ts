import { AbortError, type Event } from '@adk-fluent/core'

interface Pending {
  readonly event: Event
  readonly delivered: () => void
  readonly rejected: (error: unknown) => void
}

/**
 * Hands events from several concurrent producers to one consumer, in production order. `send` resolves only after
 * the consumer has taken the event and asked for the next one, i.e. after the runner appended it to the session,
 * so a producer never runs ahead of its own history (the back-pressure of a parallel agent).
 */
export class EventChannel {
  readonly #queue: Pending[] = []
  #wake: (() => void) | undefined
  #closed = false
  #failure: { readonly error: unknown } | undefined

  /** Queues an event; resolves once it was consumed, rejects when the consumer stopped first. */
  send(event: Event): Promise<void> {
    if (this.#closed) return Promise.reject(new AbortError('The event consumer has stopped.'))
    return new Promise<void>((delivered, rejected) => {
      this.#queue.push({ event, delivered, rejected })
      this.#signal()
    })
  }

  /** No more events: `drain` ends after the queued ones. */
  close(): void {
    this.#closed = true
    this.#signal()
  }

  /** A producer failed: `drain` throws `error` (queued events are dropped). */
  fail(error: unknown): void {
    this.#failure ??= { error }
    this.#signal()
  }

  /** Yields every event until `close` (or throws the `fail` error); pending senders are rejected if it stops early. */
  async *drain(): AsyncGenerator<Event, void, undefined> {
    try {
      for (;;) {
        if (this.#failure) throw this.#failure.error
        const next = this.#queue[0]
        if (next) {
          yield next.event
          this.#queue.shift()
          next.delivered()
          continue
        }
        if (this.#closed) return
        await new Promise<void>((resolve) => {
          this.#wake = resolve
        })
      }
    } finally {
      this.#closed = true
      for (const pending of this.#queue.splice(0)) pending.rejected(new AbortError('The event consumer has stopped.'))
    }
  }

  #signal(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }
}
