import type { Event } from '@adk-fluent/core'

interface AuthorIndex {
  /** How many events of the list have been indexed. */
  scanned: number
  /** Author → indexes of that author's events, ascending. */
  readonly byAuthor: Map<string, number[]>
}

const indexes = new WeakMap<readonly Event[], AuthorIndex>()

/** True when this event list already has an author index (so using it costs only the events appended since). @internal */
export function hasAuthorIndex(events: readonly Event[]): boolean {
  return indexes.has(events)
}

/**
 * The indexes of the events written by any of `authors`, newest first. Session histories are append-only, so the
 * index of a list is kept and extended with the events appended since the last call: a filter by author costs what
 * it keeps plus the new events, not the whole session on every model call.
 * @internal
 */
export function* eventIndexesByAuthor(
  events: readonly Event[],
  authors: readonly string[],
): Generator<number, void, undefined> {
  let index = indexes.get(events)
  if (!index || index.scanned > events.length) {
    index = { scanned: 0, byAuthor: new Map() }
    indexes.set(events, index)
  }
  for (let position = index.scanned; position < events.length; position++) {
    const author = events[position]?.author ?? ''
    const list = index.byAuthor.get(author)
    if (list) list.push(position)
    else index.byAuthor.set(author, [position])
  }
  index.scanned = events.length
  const lists = [...new Set(authors)].map((author) => index.byAuthor.get(author) ?? [])
  const cursors = lists.map((list) => list.length - 1)
  for (;;) {
    let best = -1
    let from = -1
    lists.forEach((list, which) => {
      const cursor = cursors[which] as number
      if (cursor >= 0 && (list[cursor] as number) > best) {
        best = list[cursor] as number
        from = which
      }
    })
    if (from < 0) return
    cursors[from] = (cursors[from] as number) - 1
    yield best
  }
}
