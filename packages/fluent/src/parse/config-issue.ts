import { ConfigError, type IssueCode } from '@adk-fluent/core'

/** A path to a bad input: `['writer', 'reads', 0]` for a builder method, `['C.window()', 'turns']` for a factory. */
export type IssuePath = readonly (string | number)[]

/**
 * Throws a {@link ConfigError} with one issue at `path`: `code` says what kind of problem it is (one of core's
 * `IssueCode`s, documented in docs/errors.md), `message` what is wrong (naming the value), `hint` how to fix it. Every
 * check of user input ends here, so every mistake reads the same way.
 */
export function throwConfigIssue(code: IssueCode, path: IssuePath, message: string, hint?: string): never {
  throw new ConfigError([hint === undefined ? { code, path, message } : { code, path, message, hint }])
}
