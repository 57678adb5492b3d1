// Heading ids as GitHub makes them, so links such as `README.md#keep-conversations` keep working on the site.

/** GitHub's slug of a heading's text: lower case, punctuation removed, spaces to `-`. */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** Gives each heading a unique id in one document: the second "Usage" is `usage-1`, as on GitHub. */
export class Slugger {
  readonly #seen = new Map<string, number>()

  constructor(taken: Iterable<string> = []) {
    for (const id of taken) this.#seen.set(id, 0)
  }

  /** Claims `id` as it is; false when the page already has it. */
  take(id: string): boolean {
    if (this.#seen.has(id)) return false
    this.#seen.set(id, 0)
    return true
  }

  slug(text: string): string {
    const base = githubSlug(text)
    let id = base
    let count = this.#seen.get(base)
    if (count !== undefined) {
      do id = `${base}-${++count}`
      while (this.#seen.has(id))
      this.#seen.set(base, count)
    }
    this.#seen.set(id, 0)
    return id
  }
}
