import { describe, expect, it } from 'vitest'
import { MAX_MEMORY_WORD_LENGTH, MAX_QUERY_WORDS, memoryWords, queryWords } from './memory-words.js'

describe('memoryWords', () => {
  it('lowercases, splits on everything but letters and digits, keeps first appearance order, drops repeats', () => {
    expect(memoryWords('The ADK (Agent Development Kit) rocks! the adk.')).toEqual([
      'the',
      'adk',
      'agent',
      'development',
      'kit',
      'rocks',
    ])
  })

  it('keeps digits and non-ASCII letters; quotes, operators and NUL separate words', () => {
    expect(memoryWords('Café Ünïcode room42 "a"\u0000b OR*c:d|e&!f')).toEqual([
      'café',
      'ünïcode',
      'room42',
      'a',
      'b',
      'or',
      'c',
      'd',
      'e',
      'f',
    ])
  })

  it('normalises composed and decomposed accents alike', () => {
    expect(memoryWords('cafe\u0301')).toEqual(memoryWords('caf\u00e9'))
  })

  it('ignores words longer than the limit', () => {
    expect(memoryWords(`${'x'.repeat(MAX_MEMORY_WORD_LENGTH + 1)} short`)).toEqual(['short'])
    expect(memoryWords('x'.repeat(MAX_MEMORY_WORD_LENGTH))).toHaveLength(1)
  })

  it('a query searches at most its first MAX_QUERY_WORDS distinct words', () => {
    const words = Array.from({ length: MAX_QUERY_WORDS + 20 }, (_, index) => `w${index}`)
    expect(queryWords(words.join(' '))).toEqual(words.slice(0, MAX_QUERY_WORDS))
    expect(queryWords('  !!! ')).toEqual([])
  })
})
