import { describeValue } from '../../parse/describe-value.js'
import { isStateKey } from '@adk-fluent/core/internal'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** Validates a positive whole number option of `factory`. @internal */
export function parsePositiveInteger(factory: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throwConfigIssue(
      'number_invalid',
      [factory],
      `${name} must be a whole number of at least 1, got ${JSON.stringify(value) ?? String(value)}.`,
      `For example ${factory.replace('()', '(5)')}.`,
    )
  }
  return value
}

/** Validates a list of agent names given to `factory`. @internal */
export function parseAgentNames(factory: string, names: readonly unknown[]): string[] {
  if (names.length === 0)
    throwConfigIssue(
      'items_missing',
      [factory],
      `no agent names given.`,
      `Pass at least one, such as ${factory.replace('()', "('researcher')")}.`,
    )
  for (const name of names) {
    if (typeof name !== 'string' || name.trim().length === 0) {
      throwConfigIssue(
        'agent_name_invalid',
        [factory],
        `agent names must be non-empty strings, got ${JSON.stringify(name) ?? String(name)}.`,
        `Pass names such as ${factory.replace('()', "('researcher')")}.`,
      )
    }
  }
  return names as string[]
}

/** Validates the patterns of `C.redact()`: regular expressions, or strings holding one. @internal */
export function parseRedactPatterns(patterns: readonly unknown[]): RegExp[] {
  if (patterns.length === 0)
    throwConfigIssue(
      'items_missing',
      ['C.redact()'],
      'no patterns given.',
      'Pass regular expressions such as C.redact(/\\b\\d{16}\\b/).',
    )
  return patterns.map((pattern) => {
    if (pattern instanceof RegExp) return pattern
    if (typeof pattern !== 'string' || pattern.length === 0) {
      throwConfigIssue(
        'regex_invalid',
        ['C.redact()'],
        `a pattern must be a RegExp or a non-empty string, got ${JSON.stringify(pattern) ?? String(pattern)}.`,
        'Pass one such as C.redact(/\\b\\d{16}\\b/).',
      )
    }
    try {
      return new RegExp(pattern, 'g')
    } catch (error) {
      throwConfigIssue(
        'regex_invalid',
        ['C.redact()'],
        `${JSON.stringify(pattern)} is not a valid regular expression (${(error as Error).message}).`,
        `Escape special characters or pass a RegExp.`,
      )
    }
  })
}

/** Validates an options object of `factory` (`undefined` allowed when every option is optional). @internal */
export function parseOptionsObject(factory: string, options: unknown, example: string): Record<string, unknown> {
  if (options === undefined) return {}
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throwConfigIssue(
      'options_invalid',
      [factory],
      `expected an options object, got ${describeValue(options)}.`,
      `For example ${example}.`,
    )
  }
  return options as Record<string, unknown>
}

/** Validates a positive number option (`undefined` gives `fallback`). @internal */
export function parsePositiveNumber(
  factory: string,
  name: string,
  value: unknown,
  fallback: number,
  example: string,
): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throwConfigIssue(
      'number_invalid',
      [factory, name],
      `expected a positive number, got ${JSON.stringify(value) ?? describeValue(value)}.`,
      `For example ${example}.`,
    )
  }
  return value
}

/** Validates a positive whole number option (`undefined` gives `fallback`). @internal */
export function parseCount(factory: string, name: string, value: unknown, fallback: number, example: string): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throwConfigIssue(
      'number_invalid',
      [factory, name],
      `expected a whole number of at least 1, got ${JSON.stringify(value) ?? describeValue(value)}.`,
      `For example ${example}.`,
    )
  }
  return value
}

/** Validates an option that must be one of `choices` (`undefined` gives the first). @internal */
export function parseChoice<T extends string>(factory: string, name: string, value: unknown, choices: readonly T[]): T {
  if (value === undefined) return choices[0] as T
  if (typeof value !== 'string' || !choices.includes(value as T)) {
    throwConfigIssue(
      'choice_invalid',
      [factory, name],
      `expected one of ${choices.map((choice) => `'${choice}'`).join(', ')}, got ${JSON.stringify(value) ?? describeValue(value)}.`,
      `For example ${factory.replace('()', `({ ${name}: '${choices[choices.length - 1]}' })`)}.`,
    )
  }
  return value as T
}

/** Validates a boolean option (`undefined` gives `false`). @internal */
export function parseFlag(factory: string, name: string, value: unknown): boolean {
  if (value === undefined) return false
  if (typeof value !== 'boolean')
    throwConfigIssue(
      'boolean_invalid',
      [factory, name],
      `expected true or false, got ${describeValue(value)}.`,
      `For example ${factory.replace('()', `({ ${name}: true })`)}.`,
    )
  return value
}

/** Validates a state-key-like name option (`undefined` gives `fallback`). @internal */
export function parseKeyName(factory: string, name: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback
  // Core's state-key rule, without a scope prefix (the name becomes part of a key).
  if (!isStateKey(value) || value.includes(':')) {
    throwConfigIssue(
      'state_key_invalid',
      [factory, name],
      `expected an identifier such as 'facts', got ${JSON.stringify(value) ?? describeValue(value)}.`,
      'Use letters, digits and underscores.',
    )
  }
  return value
}
