import { describe, expect, it } from 'vitest'
import { matchesRouteOperator } from './route-operators.js'

describe('matchesRouteOperator', () => {
  it('compares eq and ne with strict equality', () => {
    expect(matchesRouteOperator('eq', 1, 1)).toBe(true)
    expect(matchesRouteOperator('eq', '1', 1)).toBe(false)
    expect(matchesRouteOperator('ne', '1', 1)).toBe(true)
  })

  it('orders numbers (numeric strings count as their number) and pairs of strings', () => {
    expect(matchesRouteOperator('gt', 0.9, 0.8)).toBe(true)
    expect(matchesRouteOperator('gte', '0.8', 0.8)).toBe(true)
    expect(matchesRouteOperator('lt', 3, 5)).toBe(true)
    expect(matchesRouteOperator('lte', 6, 5)).toBe(false)
    expect(matchesRouteOperator('gt', 'beta', 'alpha')).toBe(true)
  })

  it('is false for values that cannot be ordered against the expected one', () => {
    expect(matchesRouteOperator('gt', undefined, 0)).toBe(false)
    expect(matchesRouteOperator('gt', '', 0)).toBe(false)
    expect(matchesRouteOperator('lt', 'abc', 5)).toBe(false)
    expect(matchesRouteOperator('lt', 1, 'b')).toBe(false)
  })

  it('checks contains on strings and arrays only', () => {
    expect(matchesRouteOperator('contains', 'an urgent ticket', 'urgent')).toBe(true)
    expect(matchesRouteOperator('contains', ['a', 'b'], 'b')).toBe(true)
    expect(matchesRouteOperator('contains', { b: 1 }, 'b')).toBe(false)
  })
})
