import { isStateKey, stateKeyIssue } from '@adk-fluent/core/internal'
import { throwConfigIssue, type IssuePath } from './config-issue.js'
import { describeValue } from './describe-value.js'

/** Checks a state key argument (core's one state-key rule), throwing a `ConfigError` at `path` that says how to fix it. */
export function parseStateKey(key: unknown, path: IssuePath): string {
  if (isStateKey(key)) return key
  const issue = stateKeyIssue(key, describeValue(key))
  if (!issue) return key as string
  throwConfigIssue(issue.code, path, issue.message, issue.hint)
}

/** Checks a list of state keys: at least one, each valid; `example` shows a call that works. @internal */
export function parseStateKeys(keys: readonly unknown[], path: IssuePath, example: string): readonly string[] {
  if (keys.length === 0)
    throwConfigIssue('items_missing', path, 'no state keys given.', `Pass at least one key, for example ${example}.`)
  return keys.map((key, index) => parseStateKey(key, keys.length === 1 ? path : [...path, index]))
}
