/** Longest word that is indexed or searched for (longer runs of letters are ignored everywhere alike). */
export const MAX_MEMORY_WORD_LENGTH = 100

/** Most distinct words of a query that are searched for (the first ones; a longer query is not widened). */
export const MAX_QUERY_WORDS = 100

const word = /[\p{L}\p{N}]+/gu

/**
 * The distinct words of a text in order of first appearance: maximal runs of Unicode letters and digits of the
 * lowercased, NFC-normalised text, at most {@link MAX_MEMORY_WORD_LENGTH} characters long. Everything else (spaces,
 * punctuation, quotes, operators, NUL) separates words and is never matched. Every memory service uses this one
 * definition, so a query finds the same memories in memory, in SQLite and in PostgreSQL.
 */
export function memoryWords(text: string): string[] {
  const seen = new Set<string>()
  for (const match of text.toLowerCase().normalize('NFC').matchAll(word))
    if (match[0].length <= MAX_MEMORY_WORD_LENGTH) seen.add(match[0])
  return [...seen]
}

/** The words a query searches for: {@link memoryWords} of the query, the first {@link MAX_QUERY_WORDS} of them. */
export function queryWords(query: string): string[] {
  return memoryWords(query).slice(0, MAX_QUERY_WORDS)
}
