import { ConfigError } from '@adk-fluent/core'

/** Throws a {@link ConfigError} with one issue at `path`. @internal */
export function throwConfigIssue(path: readonly (string | number)[], message: string): never {
  throw new ConfigError([{ path, message }])
}
