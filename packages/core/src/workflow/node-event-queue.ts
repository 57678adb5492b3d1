import type { Event } from '../events/event.js'
import type { NodeEventSink } from './node-context.js'

/** An event in the queue, with what tells its producer it was stored. */
export interface QueuedEvent {
  readonly event: Event
  readonly stored: (() => void) | undefined
}

/**
 * The stream of a workflow invocation: nodes push events, the invocation's generator takes them in order. `push`
 * returns a promise that settles once the consumer has handed the event on and resumed — i.e. after the runner stored
 * it — so a node goes on only after its event is in the session (state it wrote is visible to the nodes that follow).
 */
export class NodeEventQueue implements NodeEventSink {
  readonly #items: QueuedEvent[] = []
  #head = 0
  #wake: (() => void) | undefined
  #closed = false
  #failure: { error: unknown } | undefined

  push(event: Event): Promise<void> | undefined {
    if (this.#closed) return undefined
    let stored: (() => void) | undefined
    const promise = new Promise<void>((resolve) => (stored = resolve))
    this.#items.push({ event, stored })
    this.#signal()
    return promise
  }

  /** The next event, or `undefined` when none is queued. */
  take(): QueuedEvent | undefined {
    if (this.#head === this.#items.length) return undefined
    const item = this.#items[this.#head++] as QueuedEvent
    if (this.#head === this.#items.length) {
      this.#items.length = 0
      this.#head = 0
    }
    return item
  }

  /** True once closed: no event will come after the queued ones. */
  get closed(): boolean {
    return this.#closed
  }

  /** The producer's failure, when it failed. */
  get failure(): { error: unknown } | undefined {
    return this.#failure
  }

  /** Settles when an event was pushed or the queue was closed. */
  wait(): Promise<void> {
    return new Promise<void>((resolve) => (this.#wake = resolve))
  }

  /** No more events: the consumer ends after the queued ones. */
  close(): void {
    this.#closed = true
    this.#signal()
  }

  /** The producer failed: the consumer throws `error` after the queued events. */
  fail(error: unknown): void {
    this.#failure = { error }
    this.close()
  }

  /** Stops taking events and releases every producer waiting for one to be stored (the consumer went away). */
  drop(): void {
    this.#closed = true
    for (let index = this.#head; index < this.#items.length; index++) this.#items[index]?.stored?.()
    this.#items.length = 0
    this.#head = 0
  }

  #signal(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }
}
