import { parseStateKey } from '../../parse/parse-state-key.js'
import { createStateTransform, isStateTransform, union, type StateTransform } from './state-transform.js'
import type { StatePredicate } from '../shared/state-snapshot.js'

import { formatArgument } from '../shared/format-argument.js'
import { thenMaybe } from '../shared/maybe-promise.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

function assertInner(factory: string, value: unknown, where: string): asserts value is StateTransform {
  if (!isStateTransform(value)) {
    throwConfigIssue(
      'transform_invalid',
      [factory],
      `${where} must be a transform made by S.*, got ${value === null ? 'null' : typeof value}.`,
      'Pass one such as S.set({ key: value }).',
    )
  }
}

/**
 * Runs `inner` when `pred(state)` is true (or the state key `pred` is truthy); otherwise changes nothing.
 * @example S.when('needs_review', S.set({ status: 'pending' }))
 */
export function when(pred: StatePredicate | string, inner: StateTransform): StateTransform {
  if (typeof pred !== 'function') parseStateKey(pred, ['S.when()'])
  assertInner('S.when()', inner, 'the transform')
  const byKey = typeof pred === 'string'
  return createStateTransform({
    name: `when_${byKey ? pred : 'pred'}_${inner.name}`,
    description: `S.when(${formatArgument(pred)}, ${inner.description})`,
    reads: byKey ? union([pred], inner.reads) : null,
    writes: inner.writes,
    apply: (state, env) =>
      thenMaybe(byKey ? Boolean(state[pred]) : pred(state), (holds) => (holds ? inner.apply(state, env) : {})),
  })
}

/**
 * Runs the transform whose case equals `String(state[key])`; nothing when the key is absent or no case matches.
 * @example S.branch('intent', { refund: S.set({ queue: 'billing' }), bug: S.set({ queue: 'support' }) })
 */
export function branch(key: string, cases: Readonly<Record<string, StateTransform>>): StateTransform {
  parseStateKey(key, ['S.branch()'])
  if (typeof cases !== 'object' || cases === null || Object.keys(cases).length === 0) {
    throwConfigIssue(
      'items_missing',
      ['S.branch()'],
      `no cases given.`,
      `Pass { value: transform }, such as S.branch('${key}', { yes: S.set({ approved: true }) }).`,
    )
  }
  const entries = Object.entries(cases)
  for (const [value, inner] of entries) assertInner('S.branch()', inner, `the case "${value}"`)
  const table = new Map(entries)
  return createStateTransform({
    name: `branch_${key}`,
    description: `S.branch(${formatArgument(key)}, { ${entries.map(([value, inner]) => `${JSON.stringify(value)}: ${inner.description}`).join(', ')} })`,
    reads: union([key], ...entries.map(([, inner]) => inner.reads)),
    writes: union(...entries.map(([, inner]) => inner.writes)),
    apply: (state, env) => {
      if (!(key in state)) return {}
      const chosen = table.get(String(state[key]))
      return chosen ? chosen.apply(state, env) : {}
    },
  })
}
