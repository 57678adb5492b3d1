import { describe, expect, it } from 'vitest'
import { parseQuality, qualityLabels } from './parse-quality.js'

const labels = ['quality', ...qualityLabels]

describe('parseQuality', () => {
  it.each([
    [0.9, 0.9],
    ['Score: 9/10. Tighten the intro.', 0.9],
    ['**Score:** 7 / 10', 0.7],
    ['I would rate it 7 out of 10.', 0.7],
    ['85%', 0.85],
    ['Quality = 0.92, strong draft', 0.92],
    ['score of .95', 0.95],
    ['Round 2 review.\n1. Intro is weak.\nScore: 8/10', 0.8],
    ['8', 8],
    ['{"score": 0.75, "feedback": "Cite a source."}', 0.75],
    ['```json\n{"Quality": "6/10"}\n```', 0.6],
    [{ rating: '90%', feedback: 'ok' }, 0.9],
  ])('reads %j as %d', (reply, expected) => {
    expect(parseQuality(reply, labels)).toBeCloseTo(expected, 10)
  })

  it('prefers the labels in the order given', () => {
    expect(parseQuality('Score: 5/10, clarity: 9/10', ['clarity', 'score'])).toBe(0.9)
    expect(parseQuality({ score: 0.2, clarity: 0.7 }, ['clarity', 'score'])).toBe(0.7)
  })

  it.each([
    ['No number in this review.'],
    [{}],
    [{ feedback: 'Try again.' }],
    [null],
    [undefined],
    [true],
    [Number.NaN],
  ])('finds no quality in %j', (reply) => {
    expect(parseQuality(reply, labels)).toBeUndefined()
  })
})
