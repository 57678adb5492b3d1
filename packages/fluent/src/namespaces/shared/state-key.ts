import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'

/** True for `app:`, `user:` and `temp:` keys, which `S.pick`/`S.drop`/`S.rename` never touch (core's rule). */
export { isScopedKey as isScopedStateKey } from '@adk-fluent/core'

/**
 * Checks a state key given to `factory` (through the parse layer: a `ConfigError` at `[factory, field]` with a hint).
 * @internal
 */
export function assertStateKey(factory: string, key: unknown, field?: string): asserts key is string {
  parseStateKey(key, field === undefined ? [factory] : [factory, field])
}

/** Checks the state keys given to `factory`: at least one, each valid. @internal */
export function assertStateKeys(factory: string, keys: readonly unknown[]): asserts keys is readonly string[] {
  parseStateKeys(keys, [factory], factory.replace('()', "('draft')"))
}
