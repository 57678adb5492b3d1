import { describe, expect, it } from 'vitest'
import { parseTopology, TopologySyntaxError } from './skill-topology.js'

const a = (name: string, column: number) => ({ kind: 'agent', name, column })

function syntaxError(text: string) {
  try {
    parseTopology(text)
  } catch (error) {
    if (error instanceof TopologySyntaxError) return `${error.column}: ${error.message}`
    throw error
  }
  return 'parsed'
}

describe('parseTopology', () => {
  it('parses pipelines, fan-outs, loops and parentheses, flattening nested groups', () => {
    expect(parseTopology('a >> (b | c) >> d')).toEqual({
      kind: 'sequence',
      steps: [a('a', 1), { kind: 'parallel', branches: [a('b', 7), a('c', 11)] }, a('d', 17)],
    })
    expect(parseTopology('a >> (b >> c)')).toEqual({ kind: 'sequence', steps: [a('a', 1), a('b', 7), a('c', 12)] })
    expect(parseTopology('(a | b) | c')).toEqual({ kind: 'parallel', branches: [a('a', 2), a('b', 6), a('c', 11)] })
    expect(parseTopology('(writer >> critic) * 3')).toEqual({
      kind: 'loop',
      count: 3,
      body: { kind: 'sequence', steps: [a('writer', 2), a('critic', 12)] },
    })
    expect(parseTopology('2 * a')).toEqual({ kind: 'loop', count: 2, body: a('a', 5) })
    expect(parseTopology('solo')).toEqual(a('solo', 1))
  })

  it('binds * tightest, then >>, then | (as the Python operators do)', () => {
    expect(parseTopology('a >> b | c')).toEqual({
      kind: 'parallel',
      branches: [{ kind: 'sequence', steps: [a('a', 1), a('b', 6)] }, a('c', 10)],
    })
    expect(parseTopology('a >> b * 2')).toEqual({
      kind: 'sequence',
      steps: [a('a', 1), { kind: 'loop', count: 2, body: a('b', 6) }],
    })
  })

  it('reports what is wrong and where', () => {
    expect(syntaxError('a >> ')).toBe('6: expected an agent name or "(", found the end')
    expect(syntaxError('a >> (b | c')).toBe('12: expected ")", found the end')
    expect(syntaxError('a * 0')).toBe('5: expected a loop count (a whole number >= 1), found 0')
    expect(syntaxError('a * b')).toBe('5: expected a loop count (a whole number >= 1), found "b"')
    expect(syntaxError('a b')).toBe('3: expected ">>", "|" or "*", found "b"')
    expect(syntaxError('a -> b')).toBe('3: unexpected character "-"')
    expect(syntaxError('')).toBe('1: expected an agent name or "(", found the end')
  })
})
