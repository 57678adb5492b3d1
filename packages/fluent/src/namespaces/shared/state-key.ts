import { StatePrefix } from '@adk-fluent/core'
import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'

/** True for `app:`, `user:` and `temp:` keys, which `S.pick`/`S.drop`/`S.rename` never touch. */
export function isScopedStateKey(key: string): boolean {
  return key.startsWith(StatePrefix.APP) || key.startsWith(StatePrefix.USER) || key.startsWith(StatePrefix.TEMP)
}

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
