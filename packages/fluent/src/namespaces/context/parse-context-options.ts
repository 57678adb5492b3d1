import { ConfigError } from '@adk-fluent/core'

/** Validates a positive whole number option of `factory`. @internal */
export function parsePositiveInteger(factory: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${factory}: ${name} must be a whole number of at least 1, got ${JSON.stringify(value) ?? String(value)}. For example ${factory.replace('()', '(5)')}.`)
  }
  return value
}

/** Validates a list of agent names given to `factory`. @internal */
export function parseAgentNames(factory: string, names: readonly unknown[]): string[] {
  if (names.length === 0) throw new ConfigError(`${factory}: no agent names given. Pass at least one, such as ${factory.replace('()', "('researcher')")}.`)
  for (const name of names) {
    if (typeof name !== 'string' || name.trim().length === 0) {
      throw new ConfigError(`${factory}: agent names must be non-empty strings, got ${JSON.stringify(name) ?? String(name)}.`)
    }
  }
  return names as string[]
}

/** Validates the patterns of `C.redact()`: regular expressions, or strings holding one. @internal */
export function parseRedactPatterns(patterns: readonly unknown[]): RegExp[] {
  if (patterns.length === 0) throw new ConfigError('C.redact(): no patterns given. Pass regular expressions such as C.redact(/\\b\\d{16}\\b/).')
  return patterns.map((pattern) => {
    if (pattern instanceof RegExp) return pattern
    if (typeof pattern !== 'string' || pattern.length === 0) {
      throw new ConfigError(`C.redact(): a pattern must be a RegExp or a non-empty string, got ${JSON.stringify(pattern) ?? String(pattern)}.`)
    }
    try {
      return new RegExp(pattern, 'g')
    } catch (error) {
      throw new ConfigError(`C.redact(): ${JSON.stringify(pattern)} is not a valid regular expression (${(error as Error).message}). Escape special characters or pass a RegExp.`)
    }
  })
}
