import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'
import { StateError } from '@adk-fluent/core'
import { renderStateValue } from '@adk-fluent/core/internal'
import { createStateTransform, type StateDelta, type StateTransform } from './state-transform.js'
import type { KeyWrites, StateReader, TransformFlow } from '../shared/state-flow.js'
import { assertFunction, assertStateValues, parseStateRecord } from './parse-state-options.js'

import { formatArgument, formatArguments } from '../shared/format-argument.js'
import { isPromiseLike, thenMaybe, type MaybePromise } from '../shared/maybe-promise.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/**
 * Sets keys that are absent (or `null`); present keys keep their value. Exported as `S.default()`.
 * @example S.default({ tone: 'neutral', attempts: 0 })
 */
export function defaultValues<$Values extends Readonly<Record<string, unknown>>>(
  values: $Values,
): StateTransform<TransformFlow<{ [K in keyof $Values]: $Values[K] }>> {
  const record = parseStateRecord<unknown>('S.default()', values, 'default values')
  assertStateValues('S.default()', record)
  const entries = Object.entries(record)
  return createStateTransform({
    name: `default_${Object.keys(record).join('_')}`,
    description: `S.default(${JSON.stringify(record)})`,
    reads: [],
    writes: Object.keys(record),
    apply: (state) => {
      const delta: StateDelta = {}
      for (const [key, value] of entries) if (!(key in state)) delta[key] = value
      return delta
    },
  })
}

/**
 * Sets keys to the given values (`null` removes a key).
 * @example S.set({ status: 'draft', attempts: 0 })
 */
export function set<$Values extends Readonly<Record<string, unknown>>>(
  values: $Values,
): StateTransform<TransformFlow<{ [K in keyof $Values]: $Values[K] }>> {
  const record = { ...parseStateRecord<unknown>('S.set()', values, 'values') }
  assertStateValues('S.set()', record)
  return createStateTransform({
    name: `set_${Object.keys(record).join('_')}`,
    description: `S.set(${JSON.stringify(record)})`,
    reads: [],
    writes: Object.entries(record).flatMap(([key, value]) => (value === null ? [] : [key])),
    apply: () => ({ ...record }),
  })
}

/** Combines the values of `S.merge()`. */
export type MergeFunction = (values: unknown[]) => unknown

/**
 * Writes the present values of `keys` into `into`: joined with `\n` (strings as is, objects as JSON), or combined by
 * `fn(values)`.
 * @example S.merge(['web_findings', 'paper_findings'], { into: 'findings' })
 */
export function merge(
  keys: readonly string[],
  options: { readonly into: string; readonly fn?: MergeFunction },
): StateTransform {
  parseStateKeys(Array.isArray(keys) ? keys : [], ['S.merge()'], "S.merge('draft')")
  parseStateKey(options?.into, ['S.merge()'])
  const fn = options.fn
  if (fn !== undefined) assertFunction('S.merge()', fn, 'fn')
  const into = options.into
  return createStateTransform({
    name: `merge_into_${into}`,
    description: `S.merge([${formatArguments(keys)}], { into: ${formatArgument(into)}${fn ? `, fn: ${formatArgument(fn)}` : ''} })`,
    reads: keys,
    writes: [into],
    apply: (state) => {
      const values = keys.filter((key) => key in state).map((key) => state[key])
      return { [into]: fn ? fn(values) : values.map(renderStateValue).join('\n') }
    },
  })
}

/**
 * Replaces the value of `key` with `fn(value)`; skipped when the key is absent.
 * @example S.transform('title', (title) => String(title).trim())
 */
export function transform(key: string, fn: (value: unknown) => unknown): StateTransform {
  parseStateKey(key, ['S.transform()'])
  assertFunction('S.transform()', fn, 'the function')
  return createStateTransform({
    name: `transform_${key}`,
    description: `S.transform(${formatArgument(key)}, ${formatArgument(fn)})`,
    reads: [key],
    writes: [key],
    apply: (state) =>
      key in state ? thenMaybe(fn(state[key]) as MaybePromise<unknown>, (value) => ({ [key]: value })) : {},
  })
}

/**
 * Sets each key to its function of the whole (input) state; a function returning `undefined` writes nothing.
 * @example S.compute({ word_count: (state) => String(state.draft).split(/\s+/).length })
 */
export function compute<
  $State = Readonly<Record<string, unknown>>,
  $Functions extends Readonly<Record<string, (state: $State) => unknown>> = Readonly<
    Record<string, (state: $State) => unknown>
  >,
>(
  functions: $Functions,
): StateTransform<TransformFlow<{ [K in keyof $Functions]: Awaited<ReturnType<$Functions[K]>> }>> &
  StateReader<$State> {
  const record = parseStateRecord<(state: Readonly<Record<string, unknown>>) => unknown>(
    'S.compute()',
    functions as Readonly<Record<string, unknown>>,
    'functions',
  )
  for (const [key, fn] of Object.entries(record)) assertFunction('S.compute()', fn, `the value of "${key}"`)
  const entries = Object.entries(record)
  return createStateTransform({
    name: `compute_${Object.keys(record).join('_')}`,
    description: `S.compute({ ${entries.map(([key, fn]) => `${key}: ${formatArgument(fn)}`).join(', ')} })`,
    reads: null,
    writes: Object.keys(record),
    apply: (state) => {
      const results = entries.map(([key, fn]) => [key, fn(state)] as const)
      const collect = (values: readonly (readonly [string, unknown])[]): StateDelta => {
        const delta: StateDelta = {}
        for (const [key, value] of values) if (value !== undefined) delta[key] = value
        return delta
      }
      if (!results.some(([, value]) => isPromiseLike(value as MaybePromise<unknown>))) return collect(results)
      return Promise.all(results.map(async ([key, value]) => [key, await value] as const)).then(collect)
    },
  })
}

/**
 * Appends the value of `key` to the list in `into` (default `<key>_all`); skipped when the key is absent.
 * @example S.accumulate('draft', { into: 'drafts' })
 */
export function accumulate(key: string, options: { readonly into?: string } = {}): StateTransform {
  parseStateKey(key, ['S.accumulate()'])
  const into = options.into ?? `${key}_all`
  parseStateKey(into, ['S.accumulate()'])
  return createStateTransform({
    name: `accumulate_${key}`,
    description: `S.accumulate(${formatArgument(key)}, { into: ${formatArgument(into)} })`,
    reads: [key, into],
    writes: [into],
    apply: (state) => {
      if (!(key in state)) return {}
      const existing = state[into]
      const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]
      return { [into]: [...list, state[key]] }
    },
  })
}

/**
 * Adds `step` (default 1) to the number in `key` (absent counts as 0).
 * @example S.counter('attempts')
 */
export function counter(key: string, options: { readonly step?: number } = {}): StateTransform {
  parseStateKey(key, ['S.counter()'])
  const step = options.step ?? 1
  if (typeof step !== 'number' || !Number.isFinite(step))
    throwConfigIssue(
      'number_invalid',
      ['S.counter()'],
      `step must be a finite number, got ${String(step)}.`,
      `For example S.counter('${key}', { step: 2 }).`,
    )
  return createStateTransform({
    name: `counter_${key}`,
    description:
      step === 1 ? `S.counter(${formatArgument(key)})` : `S.counter(${formatArgument(key)}, { step: ${step} })`,
    reads: [key],
    writes: [key],
    apply: (state) => {
      const current = state[key] ?? 0
      if (typeof current !== 'number') {
        throw new StateError(
          `S.counter('${key}'): state['${key}'] is ${formatArgument(current)}, not a number. Reset it with S.set({ ${key}: 0 }) or count in another key.`,
        )
      }
      return { [key]: current + step }
    },
  })
}

/**
 * Writes the text of the user's message (of the current invocation) into `key`.
 * @example S.capture('question')
 */
export function capture<const $Key extends string>(key: $Key): StateTransform<TransformFlow<KeyWrites<$Key, string>>> {
  parseStateKey(key, ['S.capture()'])
  return createStateTransform({
    name: `capture_${key}`,
    description: `S.capture(${formatArgument(key)})`,
    reads: [],
    writes: [key],
    apply: (_state, env) => (env.userText === undefined ? {} : { [key]: env.userText }),
  })
}
