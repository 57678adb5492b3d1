/**
 * Serialises async work per key inside one process (appends to one session from one service), without holding
 * anything for keys that are idle.
 * @internal
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<unknown>>()

  /** Runs `work` after every earlier `run` with the same key has settled. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve()
    const result = previous.then(work, work)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.#tails.set(key, tail)
    try {
      return await result
    } finally {
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    }
  }
}
