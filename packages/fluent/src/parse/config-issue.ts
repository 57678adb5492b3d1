import { ConfigError } from '@adk-fluent/core'

/** A path to a bad input: `['writer', 'reads', 0]` for a builder method, `['C.window()', 'turns']` for a factory. */
export type IssuePath = readonly (string | number)[]

/**
 * Throws a {@link ConfigError} with one issue at `path`: `message` says what is wrong (naming the value), `hint` how
 * to fix it, `code` what kind of problem it is (`ConfigIssue.code`, default `config_invalid`). Every check of user input
 * ends here, so every mistake reads the same way.
 */
export function throwConfigIssue(path: IssuePath, message: string, hint?: string, code?: string): never {
  const issue = hint === undefined ? { path, message } : { path, message, hint }
  throw new ConfigError([code === undefined ? issue : { ...issue, code }])
}
