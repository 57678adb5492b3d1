import { describe, expect, it } from 'vitest'
import { readVerdict, verdictMatches } from './read-verdict.js'

describe('readVerdict', () => {
  it.each([
    ['approved', 'approved'],
    ['  **Approved.** Ship it.\nMore detail.', 'Approved. Ship it.'],
    ['Looks fine overall.\n**Verdict:** Needs work', 'Needs work'],
    ['"good"', 'good'],
    [{ verdict: 'Good', feedback: 'x' }, 'Good'],
    ['{"decision": "reject"}', 'reject'],
    [true, 'true'],
  ])('reads %j as %j', (reply, expected) => {
    expect(readVerdict(reply, ['verdict', 'decision'])).toBe(expected)
  })

  it.each([[''], ['   \n  '], [{ feedback: 'x' }], [undefined]])('finds no verdict in %j', (reply) => {
    expect(readVerdict(reply, ['verdict'])).toBeUndefined()
  })
})

describe('verdictMatches', () => {
  it.each([
    ['Good', 'good'],
    ['GOOD.', 'good'],
    ['Good — minor nits only', 'good'],
    ['good - minor nits', 'good'],
    ['Approved, with one note', 'approved'],
    ['looks good', 'looks good'],
  ])('%j says %j', (verdict, expected) => {
    expect(verdictMatches(verdict, expected)).toBe(true)
  })

  it.each([
    ['Not good', 'good'],
    ['Good enough? No.', 'good'],
    ['good-ish', 'good'],
    ['Goodness', 'good'],
    ['Approved?', 'approved'],
    ['anything', '  '],
  ])('%j does not say %j', (verdict, expected) => {
    expect(verdictMatches(verdict, expected)).toBe(false)
  })
})
