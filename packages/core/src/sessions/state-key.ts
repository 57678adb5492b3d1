/**
 * The one rule for state keys, used by every package: an identifier (letters, digits and underscores, not starting
 * with a digit), optionally prefixed with `app:`, `user:` or `temp:`. `__proto__`, `constructor` and `prototype` have
 * the form but are reserved: they name properties every JavaScript object has, so they could never be told apart from
 * a missing key.
 */
const stateKeyForm = /^(?:(?:app|user|temp):)?[A-Za-z_][A-Za-z0-9_]*$/

const reservedNames: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** True when `key` has the form of a state key (reserved names included); templates use this to find variables. */
export function hasStateKeyForm(key: unknown): key is string {
  return typeof key === 'string' && stateKeyForm.test(key)
}

/** True for a key that may be read or written in state. */
export function isStateKey(key: unknown): key is string {
  return hasStateKeyForm(key) && !reservedNames.has(bareStateKey(key))
}

/**
 * True for a key that can never be state: `__proto__`, `constructor` and `prototype`, with or without an `app:`,
 * `user:` or `temp:` prefix. Writing such a key into a plain object would change its prototype or shadow a built-in,
 * so state would stop being the fold of the stored events.
 */
export function isReservedStateKey(key: string): boolean {
  if (reservedNames.has(key)) return true
  const colon = key.indexOf(':')
  return colon !== -1 && /^(?:app|user|temp)$/.test(key.slice(0, colon)) && reservedNames.has(key.slice(colon + 1))
}

/** The key without its `app:` / `user:` / `temp:` prefix. */
export function bareStateKey(key: string): string {
  const colon = key.indexOf(':')
  return colon === -1 ? key : key.slice(colon + 1)
}

/** The `ConfigIssue.code` of an invalid or reserved state key found at `build()`. */
export const STATE_KEY_INVALID_ISSUE = 'state_key_invalid'

/**
 * The problem with an invalid state key, worded once for every package: `message` says what is wrong with the value
 * (described by the caller as `described`, such as `"my key" (string)`), `hint` how to fix it. `undefined` for a
 * valid key.
 */
export function stateKeyIssue(
  key: unknown,
  described: string,
): { readonly code: 'state_key_invalid'; readonly message: string; readonly hint: string } | undefined {
  if (isStateKey(key)) return undefined
  if (hasStateKeyForm(key)) {
    return {
      code: STATE_KEY_INVALID_ISSUE,
      message: `${described} is a reserved name: every JavaScript object has a property called that.`,
      hint: `Choose another key, for example "${bareStateKey(key)}_value".`,
    }
  }
  const suggestion = typeof key === 'string' ? suggestStateKey(key) : undefined
  return {
    code: STATE_KEY_INVALID_ISSUE,
    message: `${described} is not a valid state key.`,
    hint: `Use an identifier (letters, digits and underscores, not starting with a digit), optionally prefixed with app:, user: or temp:${suggestion ? `, for example "${suggestion}"` : ''}.`,
  }
}

function suggestStateKey(key: string): string | undefined {
  const cleaned = key
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
  if (cleaned.length === 0) return undefined
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned
}
