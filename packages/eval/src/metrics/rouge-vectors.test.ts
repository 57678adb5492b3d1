import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rouge1 } from './rouge1.js'

interface Vectors {
  readonly vectors: readonly (readonly [string, string, number, number, number])[]
}

const golden = JSON.parse(readFileSync(new URL('./rouge-vectors.json', import.meta.url), 'utf8')) as Vectors

describe('rouge1 against the generated corpus (Python + Debian NLTK, scripts/generate-rouge-vectors.py)', () => {
  it('matches every pair in every variant, to the exact double', () => {
    expect(golden.vectors.length).toBeGreaterThanOrEqual(300)
    const wrong: string[] = []
    for (const [candidate, reference, v1, v2, v3] of golden.vectors) {
      const got = [
        rouge1(candidate, reference, 'v1'),
        rouge1(candidate, reference, 'v2'),
        rouge1(candidate, reference, 'v3'),
      ]
      if (!Object.is(got[0], v1) || !Object.is(got[1], v2) || !Object.is(got[2], v3)) {
        wrong.push(
          `${JSON.stringify(candidate)} vs ${JSON.stringify(reference)}: python ${[v1, v2, v3].join(' ')}, ours ${got.join(' ')}`,
        )
      }
    }
    expect(wrong).toEqual([])
  })

  it('spreads over the whole range (the corpus is not all zeros and ones)', () => {
    const fractional = golden.vectors.filter(([, , v1]) => v1 > 0 && v1 < 1).length
    expect(fractional).toBeGreaterThan(50)
  })
})
