import { ConfigError, StatePrefix, isReservedStateKey } from '@adk-fluent/core'

const plainKey = /^[A-Za-z_][A-Za-z0-9_]*$/
const scopedKey = /^(app|user|temp):[A-Za-z_][A-Za-z0-9_]*$/

/**
 * True for a state key a namespace may name: an identifier, optionally with an `app:`/`user:`/`temp:` prefix, other
 * than the reserved `__proto__`, `constructor` and `prototype`.
 */
export function isStateKey(key: unknown): key is string {
  return typeof key === 'string' && (plainKey.test(key) || scopedKey.test(key)) && !isReservedStateKey(key)
}

/** True for `app:`, `user:` and `temp:` keys, which `S.pick`/`S.drop`/`S.rename` never touch. */
export function isScopedStateKey(key: string): boolean {
  return key.startsWith(StatePrefix.APP) || key.startsWith(StatePrefix.USER) || key.startsWith(StatePrefix.TEMP)
}

/**
 * Throws a {@link ConfigError} naming `factory` unless `key` is a valid state key.
 * @internal
 */
export function assertStateKey(factory: string, key: unknown): asserts key is string {
  if (isStateKey(key)) return
  throw new ConfigError(
    `${factory}: ${JSON.stringify(key) ?? String(key)} is not a valid state key. Use an identifier such as 'draft' (letters, digits, underscores), optionally prefixed with 'app:', 'user:' or 'temp:' (__proto__, constructor and prototype are reserved).`,
  )
}

/**
 * Throws a {@link ConfigError} naming `factory` unless at least one key is given and every key is valid.
 * @internal
 */
export function assertStateKeys(factory: string, keys: readonly unknown[]): asserts keys is readonly string[] {
  if (keys.length === 0) {
    throw new ConfigError(`${factory}: no state keys given. Pass at least one key, for example ${factory.replace('()', "('draft')")}.`)
  }
  for (const key of keys) assertStateKey(factory, key)
}
