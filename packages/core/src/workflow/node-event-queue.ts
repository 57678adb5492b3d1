import type { Event } from '../events/event.js'
import type { NodeEventSink } from './node-context.js'

interface Item {
  readonly event: Event
  readonly stored: (() => void) | undefined
}

/**
 * The stream of a workflow invocation: nodes push events, the invocation's generator yields them in order. `push`
 * returns a promise that settles once the consumer took the next event — i.e. after the runner stored this one — so a
 * node resumes only after its event is in the session (state it wrote is visible to the nodes that follow).
 */
export class NodeEventQueue implements NodeEventSink {
  readonly #items: Item[] = []
  #head = 0
  #wake: (() => void) | undefined
  #closed = false
  #failed: { error: unknown } | undefined

  push(event: Event): Promise<void> | undefined {
    if (this.#closed) return undefined
    let stored: (() => void) | undefined
    const promise = new Promise<void>((resolve) => (stored = resolve))
    this.#items.push({ event, stored })
    this.#signal()
    return promise
  }

  /** No more events: the consumer ends after the queued ones. */
  close(): void {
    this.#closed = true
    this.#signal()
  }

  /** The producer failed: the consumer throws `error` after the queued events. */
  fail(error: unknown): void {
    this.#failed = { error }
    this.close()
  }

  /** Stops taking events and releases every producer waiting for one to be stored (the consumer went away). */
  drop(): void {
    this.#closed = true
    for (let index = this.#head; index < this.#items.length; index++) this.#items[index]?.stored?.()
    this.#items.length = 0
    this.#head = 0
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined> {
    for (;;) {
      if (this.#head < this.#items.length) {
        const item = this.#items[this.#head++] as Item
        if (this.#head === this.#items.length) {
          this.#items.length = 0
          this.#head = 0
        }
        try {
          yield item.event
        } finally {
          // Also when the consumer stops here: the node waiting for this event must not wait forever.
          item.stored?.()
        }
        continue
      }
      if (this.#closed) {
        if (this.#failed) throw this.#failed.error
        return
      }
      await new Promise<void>((resolve) => (this.#wake = resolve))
    }
  }

  #signal(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }
}
