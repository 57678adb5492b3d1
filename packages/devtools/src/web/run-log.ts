import type { TraceBody, TraceEntry } from './trace-entry.js'

/** Receives a run's entries as they come; `end` once the run is over and every entry was delivered. */
export interface RunLogListener {
  readonly entry: (entry: TraceEntry) => void
  readonly end: () => void
}

/**
 * The trace of one run: entries numbered from 1 in the order they happened, kept for the life of the server so a
 * client that reconnects (or opens the session later) gets each entry exactly once from where it stopped.
 */
export class RunLog {
  readonly runId: string
  readonly sessionId: string
  readonly startedAt = Date.now()
  readonly #entries: TraceEntry[] = []
  readonly #listeners = new Set<RunLogListener>()
  #finished = false

  constructor(runId: string, sessionId: string) {
    this.runId = runId
    this.sessionId = sessionId
  }

  /** Every entry so far. */
  get entries(): readonly TraceEntry[] {
    return this.#entries
  }

  /** True once the `end` entry was written. */
  get finished(): boolean {
    return this.#finished
  }

  /** True when some entry is an error. */
  get failed(): boolean {
    return this.#entries.some(
      (entry) => entry.kind === 'error' || (entry.kind === 'llm-call' && entry.error !== undefined),
    )
  }

  /** Adds an entry and hands it to every listener. Nothing is added after the end. */
  push(body: TraceBody): void {
    if (this.#finished) return
    const entry = {
      ...body,
      id: this.#entries.length + 1,
      runId: this.runId,
      at: Date.now() - this.startedAt,
    } as TraceEntry
    this.#entries.push(entry)
    if (body.kind === 'end') this.#finished = true
    for (const listener of this.#listeners) {
      listener.entry(entry)
      if (this.#finished) listener.end()
    }
    if (this.#finished) this.#listeners.clear()
  }

  /** Delivers the entries after `afterId`, then the new ones as they come; returns the unsubscribe function. */
  subscribe(afterId: number, listener: RunLogListener): () => void {
    for (const entry of this.#entries.slice(Math.max(0, afterId))) listener.entry(entry)
    if (this.#finished) {
      listener.end()
      return () => undefined
    }
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
