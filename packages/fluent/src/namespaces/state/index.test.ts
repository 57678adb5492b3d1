import { describe, expect, it, vi } from 'vitest'
import { ConfigError, StateError } from '@adk-fluent/core'
import * as S from './index.js'
import { isStateTransform } from './state-transform.js'

const state = { draft: 'v1', score: 7, notes: 'n', 'app:region': 'EU', 'user:name': 'Ada', 'temp:step': 2 }

function expectConfigError(run: () => unknown, ...fragments: string[]): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(ConfigError.isConfigError(caught)).toBe(true)
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment)
}

function expectStateError(run: () => unknown, ...fragments: string[]): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(StateError.isInstance(caught) && (caught as StateError).code === 'STATE_MISSING').toBe(true)
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment)
}

describe('composition', () => {
  it('S.set({a:1}).then(S.set({b:2})) keeps both keys', () => {
    expect(
      S.set({ a: 1 })
        .then(S.set({ b: 2 }))
        .apply({}),
    ).toEqual({ a: 1, b: 2 })
  })

  it(".then() lets later steps see earlier results and keeps every step's changes", () => {
    const chain = S.set({ a: 1 })
      .then(S.compute({ b: (input) => Number(input['a']) + 1 }))
      .then(S.compute({ c: (input) => Number(input['b']) * 10 }))
      .then(S.drop('a'))
    expect(chain.apply({})).toEqual({ a: null, b: 2, c: 20 })
    expect(
      S.pick('x')
        .then(S.rename({ x: 'y' }))
        .apply({ x: 1, z: 2 }),
    ).toEqual({ z: null, y: 1, x: null })
  })

  it('S.default({a:1}).add(S.set({a:2})) gives {a:2}: both on the same input, second wins', () => {
    expect(
      S.default({ a: 1 })
        .add(S.set({ a: 2 }))
        .apply({}),
    ).toEqual({ a: 2 })
    expect(
      S.set({ a: 2 })
        .add(S.default({ a: 1 }))
        .apply({}),
    ).toEqual({ a: 1 })
    const seen: unknown[] = []
    const both = S.set({ a: 5 }).add(S.compute({ b: (input) => seen.push(input['a']) }))
    both.apply({ a: 1 })
    expect(seen).toEqual([1])
  })

  it('stays synchronous for sync steps and resolves async steps in order', async () => {
    const slow = S.compute({ b: async (input) => `${String(input['a'])}!` })
    const result = S.set({ a: 'x' })
      .then(slow)
      .then(S.transform('b', (value) => `${String(value)}?`))
      .apply({})
    expect(result).toBeInstanceOf(Promise)
    expect(await result).toEqual({ a: 'x', b: 'x!?' })
    expect(
      S.set({ a: 1 })
        .then(S.set({ b: 2 }))
        .apply({}),
    ).not.toBeInstanceOf(Promise)
  })

  it('reads and writes of compositions', () => {
    const chain = S.set({ a: 1 }).then(S.merge(['a', 'b'], { into: 'c' }))
    expect(chain.reads).toEqual(['b'])
    expect(chain.writes).toEqual(['a', 'c'])
    expect(S.require('x').add(S.rename({ y: 'z' })).reads).toEqual(['x', 'y'])
    expect(S.set({ a: 1 }).add(S.compute({ b: () => 1 })).reads).toBeNull()
    expect(S.set({ a: 1 }).then(S.guard(() => true)).reads).toBeNull()
    expect(S.branch('k', { x: S.set({ a: 1 }), y: S.set({ b: 2 }) })).toMatchObject({
      reads: ['k'],
      writes: ['a', 'b'],
    })
  })
})

describe('replacement as a delta: pick, drop, rename', () => {
  it('pick nulls every unkept unprefixed key and never touches app:/user:/temp: keys', () => {
    expect(S.pick('draft').apply(state)).toEqual({ score: null, notes: null })
  })

  it('drop nulls the named keys that exist', () => {
    expect(S.drop('notes', 'absent').apply(state)).toEqual({ notes: null })
  })

  it('rename moves values, nulls the old keys, and can swap', () => {
    expect(S.rename({ draft: 'final' }).apply(state)).toEqual({ final: 'v1', draft: null })
    expect(S.rename({ draft: 'notes', notes: 'draft' }).apply(state)).toEqual({ notes: 'v1', draft: 'n' })
    expect(S.rename({ absent: 'x' }).apply(state)).toEqual({})
  })

  it('a null value counts as absent', () => {
    expect(S.pick('a').apply({ a: 1, b: null })).toEqual({})
    expect(S.drop('b').apply({ b: null })).toEqual({})
    expect(S.rename({ b: 'c' }).apply({ b: null })).toEqual({})
    expect(S.default({ b: 1 }).apply({ b: null })).toEqual({ b: 1 })
    expect(S.transform('b', () => 'x').apply({ b: null })).toEqual({})
  })

  it('refuses prefixed keys, which these never touch', () => {
    expectConfigError(() => S.pick('app:region'), 'S.pick()', 'app:region', 'scoped')
    expectConfigError(() => S.drop('user:name'), 'S.drop()')
    expectConfigError(() => S.rename({ draft: 'temp:draft' }), 'S.rename()')
  })
})

describe('delta factories (golden)', () => {
  it('default, set, merge, transform, compute', () => {
    expect(S.default({ draft: 'x', tone: 'neutral' }).apply(state)).toEqual({ tone: 'neutral' })
    expect(S.set({ draft: 'v2', notes: null }).apply(state)).toEqual({ draft: 'v2', notes: null })
    expect(S.merge(['draft', 'absent', 'score'], { into: 'all' }).apply(state)).toEqual({ all: 'v1\n7' })
    expect(S.merge(['draft', 'score'], { into: 'all', fn: (values) => values.length }).apply(state)).toEqual({ all: 2 })
    expect(S.merge(['obj'], { into: 'all' }).apply({ obj: { a: 1 } })).toEqual({ all: '{"a":1}' })
    expect(S.transform('score', (value) => Number(value) * 2).apply(state)).toEqual({ score: 14 })
    expect(S.compute({ len: (input) => String(input['draft']).length, skip: () => undefined }).apply(state)).toEqual({
      len: 2,
    })
  })

  it('accumulate, counter, capture', () => {
    expect(S.accumulate('draft').apply(state)).toEqual({ draft_all: ['v1'] })
    expect(S.accumulate('draft', { into: 'drafts' }).apply({ draft: 'v2', drafts: ['v1'] })).toEqual({
      drafts: ['v1', 'v2'],
    })
    expect(S.accumulate('absent').apply(state)).toEqual({})
    expect(S.counter('score').apply(state)).toEqual({ score: 8 })
    expect(S.counter('fresh', { step: 5 }).apply({})).toEqual({ fresh: 5 })
    expectStateError(() => S.counter('draft').apply(state), "S.counter('draft')", 'not a number')
    expect(S.capture('question').apply({}, { userText: 'What now?' })).toEqual({ question: 'What now?' })
    expect(S.capture('question').apply({})).toEqual({})
  })

  it('when and branch', () => {
    expect(S.when('draft', S.set({ ok: true })).apply(state)).toEqual({ ok: true })
    expect(S.when('absent', S.set({ ok: true })).apply(state)).toEqual({})
    expect(S.when((input) => Number(input['score']) > 5, S.set({ high: true })).apply(state)).toEqual({ high: true })
    const route = S.branch('score', { '7': S.set({ lucky: true }), '8': S.set({ lucky: false }) })
    expect(route.apply(state)).toEqual({ lucky: true })
    expect(route.apply({ score: 1 })).toEqual({})
    expect(route.apply({})).toEqual({})
  })

  it('identity changes nothing', () => {
    expect(S.identity().apply(state)).toEqual({})
  })
})

describe('guard, require, log', () => {
  it('guard throws a StateError with the message and the keys in state', () => {
    const positive = S.guard((input) => Number(input['score']) > 0, 'score must be positive')
    expect(positive.apply(state)).toEqual({})
    expectStateError(
      () => positive.apply({ score: -1, draft: 'x' }),
      'score must be positive',
      'keys in state: draft, score',
    )
  })

  it('require names the missing (or null) keys and the fix', () => {
    expect(S.require('draft', 'score').apply(state)).toEqual({})
    expectStateError(
      () => S.require('draft', 'review', 'gone').apply({ draft: 'x', gone: null }),
      '"review", "gone"',
      'are missing',
      ".writes('review')",
    )
  })

  it('log writes one line through the injected logger, never to the console', () => {
    const lines: string[] = []
    expect(S.log('draft', 'absent', { log: (line) => lines.push(line) }).apply(state)).toEqual({})
    S.log({ log: (line) => lines.push(line), label: 'all' }).apply({ a: 1, b: null })
    expect(lines).toEqual(['S.log: {"draft":"v1"}', 'all: {"a":1}'])
  })

  it('log defaults to console.log', () => {
    const spy = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    S.log('draft').apply(state)
    expect(spy).toHaveBeenCalledWith('S.log: {"draft":"v1"}')
    spy.mockClear()
  })
})

describe('descriptors', () => {
  it('are frozen plain objects with kind, name, description, reads and writes; receivers stay unchanged', () => {
    const base = S.set({ a: 1 })
    const snapshot = { name: base.name, reads: base.reads, writes: base.writes, description: base.description }
    const chained = base.then(S.pick('a'))
    const added = base.add(S.counter('n'))
    expect({ name: base.name, reads: base.reads, writes: base.writes, description: base.description }).toEqual(snapshot)
    expect(base.apply({})).toEqual({ a: 1 })
    for (const transform of [
      base,
      chained,
      added,
      S.pick('a'),
      S.log('a', { log: () => undefined }),
      S.when('a', base),
    ]) {
      expect(Object.isFrozen(transform)).toBe(true)
      expect(transform.kind).toBe('state-transform')
      if (transform.reads) expect(Object.isFrozen(transform.reads)).toBe(true)
      if (transform.writes) expect(Object.isFrozen(transform.writes)).toBe(true)
    }
    expect(chained).toMatchObject({
      name: 'set_a_then_pick_a',
      description: 'S.set({"a":1}).then(S.pick(\'a\'))',
      reads: [],
      writes: ['a'],
    })
    expect(added).toMatchObject({ name: 'set_a_and_counter_n', reads: ['n'], writes: ['a', 'n'] })
    expect(isStateTransform(base)).toBe(true)
    expect(isStateTransform({ kind: 'state-transform' })).toBe(false)
  })

  it('never mutate the input state', () => {
    const input = Object.freeze({ a: 1, b: [1], c: null })
    for (const transform of [
      S.pick('a'),
      S.drop('a'),
      S.rename({ a: 'z' }),
      S.accumulate('a', { into: 'b' }),
      S.counter('a'),
      S.set({ a: 2 }),
    ]) {
      transform.apply(input)
    }
    expect(input).toEqual({ a: 1, b: [1], c: null })
  })

  it('expose the reads and writes of each factory', () => {
    expect(S.pick('a', 'b')).toMatchObject({ reads: ['a', 'b'], writes: [] })
    expect(S.rename({ a: 'b' })).toMatchObject({ reads: ['a'], writes: ['b'] })
    expect(S.set({ a: 1, b: null })).toMatchObject({ reads: [], writes: ['a'] })
    expect(S.merge(['a', 'b'], { into: 'c' })).toMatchObject({ reads: ['a', 'b'], writes: ['c'] })
    expect(S.compute({ a: () => 1 })).toMatchObject({ reads: null, writes: ['a'] })
    expect(S.when((input) => Boolean(input['x']), S.set({ a: 1 }))).toMatchObject({ reads: null, writes: ['a'] })
    expect(S.when('x', S.set({ a: 1 }))).toMatchObject({ reads: ['x'], writes: ['a'] })
    expect(S.capture('q')).toMatchObject({ reads: [], writes: ['q'] })
    expect(S.log()).toMatchObject({ reads: null, writes: [] })
  })
})

describe('bad input', () => {
  it('names the factory and the fix', () => {
    expectConfigError(() => S.pick(), 'S.pick()', 'no state keys')
    expectConfigError(() => S.drop('not a key!'), 'S.drop()', 'not a valid state key')
    expectConfigError(() => S.rename({}), 'S.rename()')
    expectConfigError(() => S.rename({ a: 'c', b: 'c' }), 'S.rename()', 'two keys are renamed to "c"')
    expectConfigError(() => S.set({}), 'S.set()', 'empty')
    expectConfigError(() => S.set({ a: undefined }), 'S.set()', 'Use null')
    expectConfigError(() => S.default(null as never), 'S.default()')
    expectConfigError(() => S.merge([], { into: 'x' }), 'S.merge()', 'no state keys')
    expectConfigError(() => S.merge(['a'], { into: 'bad key' }), 'S.merge()')
    expectConfigError(() => S.transform('a', 'x' as never), 'S.transform()', 'must be a function')
    expectConfigError(() => S.compute({ a: 1 as never }), 'S.compute()', '"a"')
    expectConfigError(() => S.guard(() => true, ''), 'S.guard()', 'message')
    expectConfigError(() => S.require(), 'S.require()')
    expectConfigError(() => S.when('a', {} as never), 'S.when()', 'transform made by S.*')
    expectConfigError(() => S.branch('a', {}), 'S.branch()', 'no cases')
    expectConfigError(() => S.counter('a', { step: Number.NaN }), 'S.counter()', 'step')
    expectConfigError(() => S.log('bad key'), 'S.log()')
    expectConfigError(() => S.set({ a: 1 }).then({} as never), 'S .then()')
    expectConfigError(() => S.set({ a: 1 }).add(null as never), 'S .add()')
    expectConfigError(() => S.set({ a: 1 }).then((() => ({})) as never), 'not a promise')
  })

  it('awaiting a transform rejects with a clear error instead of hanging', async () => {
    const transform: unknown = S.set({ a: 1 })
    await expect(Promise.resolve(transform)).rejects.toThrow('a transform is not a promise')
  })
})
