import { describe, expect, it } from 'vitest'
import { rouge1, type RougeVariant } from './rouge1.js'

// The golden table of the research note (eval-devui.md A4.6): NLTK 3.8 + a re-derivation of rouge_score.
const ascii: readonly (readonly [string, string, number])[] = [
  ['The quick brown fox jumps over the lazy dog', 'The quick brown dog jumps on the log.', 0.7058823529411765],
  ['I rolled a 16 sided die and got 13.', 'I rolled a 16-sided die and got 13.', 1.0],
  ['Running runs ran', 'run', 0.5],
  ['running fast', 'runs fast', 1.0],
  ['It will take three days.', 'It takes one day.', 0.6666666666666665],
  ['The keys are always here', 'key is always there', 0.4444444444444445],
  ['carefully additionally', 'careful addition', 1.0],
  ['Dying skies', 'die sky', 1.0],
  ['the the the cat', 'the cat', 0.6666666666666666],
  ['', 'anything', 0.0],
  ['', '', 0.0],
]

const nonAscii: readonly (readonly [string, string, number, number, number])[] = [
  ['café naïve résumé', 'cafe naive resume', 0.0, 0.0, 0.0],
  ['你好世界 hello', '你好 hello world', 0.6666666666666666, 0.6666666666666666, 0.6666666666666665],
  ['It’s sunny in Paris.', "It's sunny in Paris today.", 0.9090909090909091, 0.9090909090909091, 0.5],
  ['The weather is nice 😀', 'The weather is nice', 1.0, 1.0, 0.888888888888889],
  ['สวัสดี running', 'สวัสดี runs', 1.0, 0.0, 0.8571428571428571],
]

describe('rouge1 (response_match_score)', () => {
  it.each(ascii)('%j vs %j gives %d in every variant, to the exact double', (candidate, reference, expected) => {
    for (const variant of ['v1', 'v2', 'v3'] as const)
      expect(Object.is(rouge1(candidate, reference, variant), expected)).toBe(true)
  })

  it.each(nonAscii)('%j vs %j per variant', (candidate, reference, v1, v2, v3) => {
    const got = (['v1', 'v2', 'v3'] as RougeVariant[]).map((variant) => rouge1(candidate, reference, variant))
    expect(got).toEqual([v1, v2, v3])
    expect(Object.is(got[2], v3)).toBe(true)
  })

  it('defaults to the newest variant', () => {
    expect(rouge1('It’s sunny in Paris.', "It's sunny in Paris today.")).toBe(0.5)
  })
})
