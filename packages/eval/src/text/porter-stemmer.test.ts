import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { porterStem } from './porter-stemmer.js'

interface Vectors {
  readonly nltk: string
  readonly vectors: readonly (readonly [string, string])[]
}

const golden = JSON.parse(readFileSync(new URL('./stemmer-vectors.json', import.meta.url), 'utf8')) as Vectors

describe('porterStem (NLTK_EXTENSIONS)', () => {
  it('matches every vector generated with Debian python3-nltk', () => {
    expect(golden.vectors.length).toBeGreaterThan(10_000)
    const wrong = golden.vectors
      .filter(([word, stem]) => porterStem(word) !== stem)
      .map(([word, stem]) => `${word}: nltk ${stem}, ours ${porterStem(word)}`)
    expect(wrong).toEqual([])
  })

  it('keeps the NLTK differences from the published algorithm', () => {
    expect(
      ['days', 'key', 'always', 'ties', 'died', 'spied', 'dying', 'skies', 'carefully', 'additionally'].map(porterStem),
    ).toEqual(['day', 'key', 'alway', 'tie', 'die', 'spi', 'die', 'sky', 'care', 'addit'])
  })
})
