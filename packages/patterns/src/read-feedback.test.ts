import { describe, expect, it } from 'vitest'
import { readFeedback } from './read-feedback.js'

describe('readFeedback', () => {
  it.each([
    ['  Score: 6/10\nAdd an example.  ', 'Score: 6/10\nAdd an example.'],
    [{ score: 0.5, feedback: 'Cite a source.' }, 'Cite a source.'],
    [{ score: 0.5, Comments: 'Shorter.' }, 'Shorter.'],
    ['{"score": 0.5, "suggestions": ["a", "b"]}', '["a","b"]'],
    [{ score: 0.5 }, '{"score":0.5}'],
  ])('reads %j as %j', (reply, expected) => {
    expect(readFeedback(reply)).toBe(expected)
  })

  it.each([[undefined], [null], ['   '], [0.9], [true], [{ feedback: '  ' }]])('finds no feedback in %j', (reply) => {
    expect(readFeedback(reply)).toBeUndefined()
  })
})
