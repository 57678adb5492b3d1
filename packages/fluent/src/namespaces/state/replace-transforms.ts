import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'
import { createStateTransform, type StateDelta, type StateTransform } from './state-transform.js'
import type { KeyWrites, TransformFlow } from '../shared/state-flow.js'
import { assertSessionKey } from './parse-state-options.js'
import { isScopedStateKey } from '../shared/state-key.js'
import { formatArguments } from '../shared/format-argument.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/**
 * Keeps only the named session keys: every other unprefixed key is set to `null` in the delta. `app:`, `user:` and
 * `temp:` keys are never touched. Its type reads the named keys and writes none (as for the contract checker, which
 * does not track removed keys: a later read of a dropped key is not reported).
 * @example S.pick('draft', 'score')
 */
export function pick<const $Key extends string>(...keys: $Key[]): StateTransform<TransformFlow<{}, $Key>> {
  parseStateKeys(keys, ['S.pick()'], "S.pick('draft')")
  for (const key of keys) assertSessionKey('S.pick()', key)
  return createStateTransform({
    name: `pick_${keys.join('_')}`,
    description: `S.pick(${formatArguments(keys)})`,
    reads: keys,
    writes: [],
    apply: (state) => {
      const delta: StateDelta = {}
      for (const key in state)
        if (!isScopedStateKey(key) && !(keys as readonly string[]).includes(key)) delta[key] = null
      return delta
    },
  })
}

/**
 * Removes the named session keys (sets them to `null` in the delta).
 * @example S.drop('scratch', 'temp_notes')
 */
export function drop(...keys: string[]): StateTransform<TransformFlow<{}>> {
  parseStateKeys(keys, ['S.drop()'], "S.drop('draft')")
  for (const key of keys) assertSessionKey('S.drop()', key)
  return createStateTransform({
    name: `drop_${keys.join('_')}`,
    description: `S.drop(${formatArguments(keys)})`,
    reads: [],
    writes: [],
    apply: (state) => {
      const delta: StateDelta = {}
      for (const key of keys) if (key in state) delta[key] = null
      return delta
    },
  })
}

/**
 * Renames session keys (`{ old: 'new' }`): the new key gets the value, the old one becomes `null`. Every rename reads
 * the input state, so `{ a: 'b', b: 'a' }` swaps. Absent keys are skipped.
 * @example S.rename({ draft: 'final_draft' })
 */
export function rename<const $Mapping extends Readonly<Record<string, string>>>(
  mapping: $Mapping,
): StateTransform<TransformFlow<KeyWrites<$Mapping[keyof $Mapping]>, keyof $Mapping & string>> {
  if (typeof mapping !== 'object' || mapping === null || Object.keys(mapping).length === 0) {
    throwConfigIssue(
      'record_invalid',
      ['S.rename()'],
      'expected an object of renames.',
      "Pass one such as S.rename({ draft: 'final_draft' }).",
    )
  }
  const pairs = Object.entries(mapping)
  const targets = new Set<string>()
  for (const [from, to] of pairs) {
    parseStateKey(from, ['S.rename()'])
    parseStateKey(to, ['S.rename()'])
    assertSessionKey('S.rename()', from)
    assertSessionKey('S.rename()', to)
    if (targets.has(to))
      throwConfigIssue(
        'state_key_clash',
        ['S.rename()'],
        `two keys are renamed to "${to}".`,
        `Give each key its own new name.`,
      )
    targets.add(to)
  }
  return createStateTransform({
    name: `rename_${pairs.map(([from, to]) => `${from}_to_${to}`).join('_')}`,
    description: `S.rename(${JSON.stringify(mapping)})`,
    reads: pairs.map(([from]) => from),
    writes: pairs.map(([, to]) => to),
    apply: (state) => {
      const delta: StateDelta = {}
      for (const [from, to] of pairs) if (from in state) delta[to] = state[from]
      for (const [from] of pairs) if (from in state && !(from in delta)) delta[from] = null
      return delta
    },
  })
}
