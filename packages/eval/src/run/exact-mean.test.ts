import { describe, expect, it } from 'vitest'
import { pyFloat } from '../report/py-float.js'
import { exactMean } from './exact-mean.js'

describe('exactMean (statistics.mean)', () => {
  it('rounds the exact sum once', () => {
    expect(exactMean([0.1, 0.2, 0.3])).toBe(0.2)
    expect(exactMean([0.6666666666666666, 0.5714285714285715, 0.8])).toBe(0.6793650793650794)
    expect(exactMean([1, 0, 1, 1])).toBe(0.75)
    expect(exactMean([])).toBeUndefined()
    expect(exactMean([-0.1, -0.2, -0.3])).toBe(-0.2)
    expect(exactMean([1e-300, 3e-300])).toBe(2e-300)
  })
})

describe('pyFloat (repr of a Python float)', () => {
  it.each([
    [1, '1.0'],
    [0, '0.0'],
    [0.5, '0.5'],
    [0.7058823529411765, '0.7058823529411765'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [1e16, '1e+16'],
    [1234567890123456, '1234567890123456.0'],
    [1.5e-7, '1.5e-07'],
    [-2.5, '-2.5'],
    [100, '100.0'],
    [undefined, 'None'],
  ])('%s prints as %s', (value, expected) => {
    expect(pyFloat(value)).toBe(expected)
  })
})
