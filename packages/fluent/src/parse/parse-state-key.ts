import { isReservedStateKey } from '@adk-fluent/core'
import { throwConfigIssue } from './config-issue.js'
import { describeValue } from './describe-value.js'

const plainKey = /^[A-Za-z_][A-Za-z0-9_]*$/
const scopedKey = /^(app|user|temp):[A-Za-z_][A-Za-z0-9_]*$/

/**
 * True for a valid state key: an identifier, optionally prefixed with `app:`, `user:` or `temp:`, other than the
 * reserved `__proto__`, `constructor` and `prototype`.
 */
export function isValidStateKey(key: unknown): key is string {
  return typeof key === 'string' && (plainKey.test(key) || scopedKey.test(key)) && !isReservedStateKey(key)
}

/** Checks a state key argument, throwing a `ConfigError` at `path` that says how to fix it. @internal */
export function parseStateKey(key: unknown, path: readonly (string | number)[]): string {
  if (isValidStateKey(key)) return key
  if (typeof key === 'string' && isReservedStateKey(key)) {
    throwConfigIssue(path, `"${key}" is not a valid state key: __proto__, constructor and prototype are reserved. Use another name, for example "${key.replace(/_/g, '')}_value".`)
  }
  const suggestion = typeof key === 'string' ? suggestKey(key) : undefined
  throwConfigIssue(
    path,
    `${describeValue(key)} is not a valid state key. Use an identifier (letters, digits and underscores, not starting with a digit), optionally prefixed with app:, user: or temp:${suggestion ? `, for example "${suggestion}"` : ''}.`,
  )
}

function suggestKey(key: string): string | undefined {
  const cleaned = key.trim().replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')
  if (cleaned.length === 0) return undefined
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned
}
