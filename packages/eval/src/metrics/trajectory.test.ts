import { describe, expect, it } from 'vitest'
import { parseMatchType, trajectoryScore, type MatchType, type ToolCallLike } from './trajectory.js'

const a = { name: 'a', args: { x: 1 } }
const b = { name: 'b', args: {} }
const c = { name: 'c', args: { list: [1, 2], nested: { p: 1, q: 2 } } }
const transfer = { name: 'transfer_to_agent', args: { agent_name: 'helper' } }

type Row = readonly [
  string,
  readonly ToolCallLike[],
  readonly ToolCallLike[],
  readonly [exact: number, inOrder: number, anyOrder: number],
]

// (description, expected, actual, [EXACT, IN_ORDER, ANY_ORDER])
const table: readonly Row[] = [
  ['both empty', [], [], [1, 1, 1]],
  ['expected empty, actual not', [], [a], [0, 1, 1]],
  ['actual empty, expected not', [a], [], [0, 0, 0]],
  ['identical', [a, b], [a, b], [1, 1, 1]],
  ['reordered', [a, b], [b, a], [0, 0, 1]],
  ['extra call in between', [a, b], [a, c, b], [0, 1, 1]],
  ['missing call', [a, b], [a], [0, 0, 0]],
  ['duplicates expected, one actual', [a, a], [a], [0, 0, 0]],
  ['duplicates both', [a, a], [a, a], [1, 1, 1]],
  ['transfer_to_agent in actual', [a], [transfer, a], [0, 1, 1]],
  [
    'true equals 1 (Python bool is an int)',
    [{ name: 'a', args: { x: true } }],
    [{ name: 'a', args: { x: 1 } }],
    [1, 1, 1],
  ],
  ['1 equals 1.0', [{ name: 'a', args: { x: 1.0 } }], [{ name: 'a', args: { x: 1 } }], [1, 1, 1]],
  ['false equals 0', [{ name: 'a', args: { x: false } }], [{ name: 'a', args: { x: 0 } }], [1, 1, 1]],
  ['"1" is not 1', [{ name: 'a', args: { x: '1' } }], [{ name: 'a', args: { x: 1 } }], [0, 0, 0]],
  ['absent args are not {}', [{ name: 'b' }], [b], [0, 0, 0]],
  ['null args equal absent args', [{ name: 'b', args: null }], [{ name: 'b' }], [1, 1, 1]],
  ['nested key order ignored', [{ name: 'c', args: { nested: { q: 2, p: 1 }, list: [1, 2] } }], [c], [1, 1, 1]],
  ['list order matters', [{ name: 'c', args: { list: [2, 1], nested: { p: 1, q: 2 } } }], [c], [0, 0, 0]],
  ['an extra key differs', [{ name: 'a', args: { x: 1, y: 2 } }], [a], [0, 0, 0]],
  ['string case matters', [{ name: 'a', args: { x: 'Lisbon' } }], [{ name: 'a', args: { x: 'lisbon' } }], [0, 0, 0]],
  ['other name', [a], [{ name: 'z', args: { x: 1 } }], [0, 0, 0]],
]

describe('trajectoryScore (tool_trajectory_avg_score per invocation)', () => {
  it.each(table)('%s', (_, expected, actual, scores) => {
    const modes: MatchType[] = ['EXACT', 'IN_ORDER', 'ANY_ORDER']
    expect(modes.map((mode) => trajectoryScore(expected, actual, mode))).toEqual([...scores])
  })

  it('ignore_args compares names only', () => {
    expect(trajectoryScore([{ name: 'a', args: { x: 2 } }], [a], 'EXACT', true)).toBe(1)
    expect(trajectoryScore([{ name: 'b' }], [b], 'EXACT', true)).toBe(1)
    expect(trajectoryScore([{ name: 'a' }, { name: 'b' }], [b, a], 'IN_ORDER', true)).toBe(0)
  })

  it('reads match_type as ADK does', () => {
    expect(['in order', 'ANY-ORDER', ' exact ', 1, 2, 0].map((value) => parseMatchType(value))).toEqual([
      'IN_ORDER',
      'ANY_ORDER',
      'EXACT',
      'IN_ORDER',
      'ANY_ORDER',
      'EXACT',
    ])
    expect(() => parseMatchType('SUPERSET')).toThrow(/unknown match type "SUPERSET"/)
    expect(() => parseMatchType(3)).toThrow(/unknown match type 3/)
  })
})
