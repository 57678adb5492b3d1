import { throwConfigIssue } from '../../parse/config-issue.js'

/**
 * Throws a {@link ConfigError} for a bad option of a namespace factory: `path` starts with the factory call
 * (`['C.fit()', 'maxTokens']`), `hint` says what to pass instead.
 * @internal
 */
export function throwOptionIssue(path: readonly (string | number)[], message: string, hint: string): never {
  throwConfigIssue(path, message, hint)
}

/** `a string`, `a number`, `null`, `an array`, … for messages. @internal */
export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (value instanceof RegExp) return 'a RegExp'
  const type = typeof value
  return type === 'object' || type === 'undefined' ? (type === 'undefined' ? 'undefined' : 'an object') : `a ${type}`
}
