import { porterStem } from './porter-stemmer.js'

/**
 * `rouge_score`'s default tokenizer: lower-case, every run of characters other than ASCII `a-z0-9` becomes a space,
 * split on whitespace, and (with `stem`) tokens longer than 3 characters go through NLTK's Porter stemmer.
 */
export function rougeTokens(text: string, stem: boolean): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(/\s+/)
  const out: string[] = []
  for (const token of tokens) {
    const word = stem && token.length > 3 ? porterStem(token) : token
    if (/^[a-z0-9]+$/.test(word)) out.push(word)
  }
  return out
}

/**
 * The whitespace tokenizer of ADK's newest response matcher, used when either text has a non-ASCII character:
 * lower-case, split on whitespace; a word with a non-ASCII character becomes its single characters (code points);
 * an ASCII word keeps only `a-z0-9` and is dropped when nothing is left. No stemming.
 */
export function whitespaceTokens(text: string): string[] {
  const out: string[] = []
  for (const word of text.toLowerCase().split(/\s+/u)) {
    if (word.length === 0) continue
    if (/[^\x00-\x7f]/.test(word)) {
      out.push(...Array.from(word))
      continue
    }
    const kept = word.replace(/[^a-z0-9]/g, '')
    if (kept.length > 0) out.push(kept)
  }
  return out
}

/** True when the text has a character outside ASCII. */
export function hasNonAscii(text: string): boolean {
  return /[^\x00-\x7f]/.test(text)
}
