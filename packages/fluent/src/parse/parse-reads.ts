import type { ReadsSetting } from '../ir/agent-node.js'
import { throwConfigIssue } from './config-issue.js'
import { parseStateKey } from './parse-state-key.js'

/**
 * Merges `.reads(...keys)` or `.reads(keys, { keepHistory })` into the current setting: keys are appended (without
 * repeats); `keepHistory` is set only by the options form. @internal
 */
export function parseReads(
  current: ReadsSetting | undefined,
  parameters: readonly unknown[],
  path: readonly (string | number)[],
): ReadsSetting {
  const [first, second] = parameters
  const withOptions = Array.isArray(first)
  const keys: readonly unknown[] = withOptions ? first : parameters
  if (withOptions && parameters.length > 2)
    throwConfigIssue(
      'options_invalid',
      path,
      'expected .reads(keys, { keepHistory }) with a list of keys and one options object.',
    )
  if (keys.length === 0) {
    throwConfigIssue(
      'items_missing',
      path,
      "no state keys given. Name the keys the agent should see, for example .reads('draft').",
    )
  }
  const parsed = keys.map((key, index) => parseStateKey(key, [...path, index]))
  let keepHistory = current?.keepHistory ?? false
  if (withOptions && second !== undefined) {
    const option = (second as { keepHistory?: unknown } | null)?.keepHistory
    if (typeof second !== 'object' || second === null || (option !== undefined && typeof option !== 'boolean')) {
      throwConfigIssue('options_invalid', path, 'the options must be { keepHistory: boolean }.')
    }
    keepHistory = option === true
  }
  return Object.freeze({ keys: Object.freeze([...new Set([...(current?.keys ?? []), ...parsed])]), keepHistory })
}
