import type { ServerResponse } from 'node:http'

/** How an event stream starts and stays open. */
export interface EventStreamOptions {
  /** Sent first as `retry: <ms>`: how long a disconnected `EventSource` waits before reconnecting. */
  readonly retryMs?: number
  /** When set, a comment line every `keepAliveMs` keeps proxies and browsers from timing a quiet stream out. */
  readonly keepAliveMs?: number
}

/**
 * A server-sent-event stream on a response: `data: <JSON>` frames (with `id: <n>` when given), until {@link end}, the
 * client going away, or the server closing (which ends every stream it opened).
 */
export class EventStream {
  readonly #response: ServerResponse
  readonly #closers = new Set<() => void>()
  #timer: ReturnType<typeof setInterval> | undefined
  #closed = false

  constructor(response: ServerResponse, options: EventStreamOptions = {}) {
    this.#response = response
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    if (options.retryMs !== undefined) response.write(`retry: ${options.retryMs}\n\n`)
    if (options.keepAliveMs !== undefined)
      this.#timer = setInterval(() => response.write(': keep-alive\n\n'), options.keepAliveMs)
    response.on('close', () => this.#close())
  }

  /** True once the stream ended or the client went away: nothing more is sent. */
  get closed(): boolean {
    return this.#closed || this.#response.destroyed
  }

  /** Sends one event: `value` as JSON, with `id` when given (what a reconnecting client sends as `Last-Event-ID`). */
  send(value: unknown, id?: number): void {
    if (this.closed) return
    this.#response.write(`${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(value)}\n\n`)
  }

  /** Ends the stream (the response ends). */
  end(): void {
    this.#close()
    if (!this.#response.writableEnded) this.#response.end()
  }

  /** Calls `closer` once when the stream ends, for whatever reason. */
  onClose(closer: () => void): void {
    if (this.#closed) closer()
    else this.#closers.add(closer)
  }

  #close(): void {
    if (this.#closed) return
    this.#closed = true
    clearInterval(this.#timer)
    for (const closer of this.#closers) closer()
    this.#closers.clear()
  }
}
