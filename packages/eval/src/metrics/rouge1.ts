import { isLatinScript } from '../text/latin-script.js'
import { hasNonAscii, rougeTokens, whitespaceTokens } from '../text/tokenize.js'

/**
 * Which of ADK's response matchers to reproduce: `v1` always stems (`RougeScorer(['rouge1'], use_stemmer=True)`),
 * `v2` stems only when both texts are mostly Latin script, `v3` (the newest, the default) switches to an unstemmed
 * whitespace tokenizer when either text has a non-ASCII character. The three agree on ASCII text.
 */
export type RougeVariant = 'v1' | 'v2' | 'v3'

function counts(tokens: readonly string[]): Map<string, number> {
  const map = new Map<string, number>()
  for (const token of tokens) map.set(token, (map.get(token) ?? 0) + 1)
  return map
}

/** ROUGE-1 F-measure of two token lists, in `rouge_score`'s order of operations (so the doubles match CPython's). */
export function rouge1FromTokens(referenceTokens: readonly string[], candidateTokens: readonly string[]): number {
  const reference = counts(referenceTokens)
  const candidate = counts(candidateTokens)
  let overlap = 0
  for (const [token, count] of reference) overlap += Math.min(count, candidate.get(token) ?? 0)
  const precision = overlap / Math.max(candidateTokens.length, 1)
  const recall = overlap / Math.max(referenceTokens.length, 1)
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0
}

/** ADK's `response_match_score` for one invocation: ROUGE-1 F-measure of `candidate` (actual) against `reference`. */
export function rouge1(candidate: string, reference: string, variant: RougeVariant = 'v3'): number {
  if (variant === 'v3' && (hasNonAscii(candidate) || hasNonAscii(reference))) {
    return rouge1FromTokens(whitespaceTokens(reference), whitespaceTokens(candidate))
  }
  const stem = variant !== 'v2' || (isLatinScript(candidate) && isLatinScript(reference))
  return rouge1FromTokens(rougeTokens(reference, stem), rougeTokens(candidate, stem))
}
