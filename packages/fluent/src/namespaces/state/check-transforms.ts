import type { TransformFlow } from '../shared/state-flow.js'
import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'
import { StateError } from '@adk-fluent/core'
import { createStateTransform, type StateTransform } from './state-transform.js'
import { assertFunction } from './parse-state-options.js'

import { formatArgument, formatArguments } from '../shared/format-argument.js'
import { thenMaybe } from '../shared/maybe-promise.js'
import type { StatePredicate } from '../shared/state-snapshot.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

function keysInState(state: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(state).sort()
  return keys.length > 0 ? keys.join(', ') : '(none)'
}

/**
 * Throws a `StateError` with `message` unless `pred(state)` is true; changes nothing.
 * @example S.guard((state) => Number(state.score) >= 0, 'score must not be negative')
 */
export function guard(pred: StatePredicate, message = 'State guard failed'): StateTransform {
  assertFunction('S.guard()', pred, 'the predicate')
  if (typeof message !== 'string' || message.trim().length === 0) {
    throwConfigIssue(
      'text_invalid',
      ['S.guard()', 'message'],
      'must be a non-empty string saying what must hold.',
      "Pass one such as 'score must not be negative'.",
    )
  }
  return createStateTransform({
    name: 'guard',
    description: `S.guard(${formatArgument(pred)}, ${formatArgument(message)})`,
    reads: null,
    writes: [],
    apply: (state) =>
      thenMaybe(pred(state), (holds) => {
        if (holds) return {}
        throw new StateError(
          `S.guard() failed: ${message} (keys in state: ${keysInState(state)}). Fix the step that writes these keys, or relax the predicate.`,
        )
      }),
  })
}

/**
 * Throws a `StateError` naming the missing keys unless every key is present (not absent, not `null`).
 * @example S.require('draft', 'review')
 */
export function require<const $Key extends string>(...keys: $Key[]): StateTransform<TransformFlow<{}, $Key>> {
  parseStateKeys(keys, ['S.require()'], "S.require('draft')")
  return createStateTransform({
    name: `require_${keys.join('_')}`,
    description: `S.require(${formatArguments(keys)})`,
    reads: keys,
    writes: [],
    apply: (state) => {
      const missing = keys.filter((key) => !(key in state))
      if (missing.length === 0) return {}
      const names = missing.map((key) => `"${key}"`).join(', ')
      throw new StateError(
        `S.require() failed: state key${missing.length === 1 ? '' : 's'} ${names} ${missing.length === 1 ? 'is' : 'are'} missing (keys in state: ${keysInState(state)}). Write ${missing.length === 1 ? 'it' : 'them'} in an earlier step (for example .writes('${missing[0]}') upstream) or pass ${missing.length === 1 ? 'it' : 'them'} in the initial state.`,
      )
    },
  })
}

/** The options of `S.log()`. */
export interface StateLogOptions {
  /** Where the line goes (default `console.log`). */
  readonly log?: (message: string) => void
  /** The line's prefix (default `S.log`). */
  readonly label?: string
}

function isLogOptions(value: unknown): value is StateLogOptions {
  return typeof value === 'object' && value !== null
}

/**
 * Logs the named keys (every key when none are named) as one `label: {json}` line, through `options.log`
 * (default `console.log`); changes nothing.
 * @example S.log('draft', 'score', { log: (line) => logger.debug(line) })
 */
export function log(...args: (string | StateLogOptions)[]): StateTransform {
  const last = args[args.length - 1]
  const options: StateLogOptions = isLogOptions(last) ? last : {}
  const keys = (isLogOptions(last) ? args.slice(0, -1) : args) as string[]
  for (const key of keys) parseStateKey(key, ['S.log()'])
  if (options.log !== undefined) assertFunction('S.log()', options.log, 'log')
  const label = options.label ?? 'S.log'
  return createStateTransform({
    name: keys.length > 0 ? `log_${keys.join('_')}` : 'log',
    description: `S.log(${formatArguments(keys)})`,
    reads: keys.length > 0 ? keys : null,
    writes: [],
    apply: (state) => {
      const shown: Record<string, unknown> = {}
      for (const key of keys.length > 0 ? keys : Object.keys(state)) if (key in state) shown[key] = state[key]
      const write = options.log ?? ((line: string) => console.log(line))
      write(`${label}: ${JSON.stringify(shown)}`)
      return {}
    },
  })
}

/**
 * Changes nothing.
 * @example S.identity()
 */
export function identity(): StateTransform {
  return createStateTransform({
    name: 'identity',
    description: 'S.identity()',
    reads: [],
    writes: [],
    apply: () => ({}),
  })
}
