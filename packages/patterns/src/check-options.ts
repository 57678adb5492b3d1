import { ConfigError, isFlowNode, type NodeHolder } from '@adk-fluent/fluent'
import { describeValue, parseStateKey, throwConfigIssue } from '@adk-fluent/fluent/internal'

/** The path of a bad option: the pattern first, then the field (and an index for list entries). */
export type OptionPath = readonly [pattern: string, ...field: (string | number)[]]

export { describeValue, throwConfigIssue }

/** Checks that a pattern got an options object. @internal */
export function checkOptionsObject<T>(pattern: string, options: T, shape: string): NonNullable<T> {
  if (typeof options === 'object' && options !== null && !Array.isArray(options)) return options as NonNullable<T>
  throwConfigIssue(
    'options_invalid',
    [pattern],
    `expected an options object, got ${describeValue(options)}.`,
    `Call it as ${pattern}(${shape}).`,
  )
}

/** True for a fluent builder (anything holding a fluent node). @internal */
export function isBuilder(value: unknown): value is NodeHolder {
  return typeof value === 'object' && value !== null && isFlowNode((value as { node?: unknown }).node)
}

/** Checks a required builder option such as `worker`. @internal */
export function checkBuilder(path: OptionPath, value: unknown, example: string): NodeHolder {
  if (isBuilder(value)) return value
  const field = String(path[path.length - 1])
  const found = value === undefined ? 'it is missing' : `got ${describeValue(value)}`
  throwConfigIssue(
    'agent_invalid',
    path,
    `expected a builder, ${found}.`,
    `Pass one, for example ${field}: ${example}.`,
  )
}

/**
 * Checks a state-key option: an identifier, optionally prefixed with `app:`, `user:` or `temp:`. `undefined` gives
 * `fallback`; without a fallback the key is required. @internal
 */
export function checkStateKey(path: OptionPath, value: unknown, example: string, fallback?: string): string {
  if (value === undefined && fallback !== undefined) return fallback
  const field = String(path[path.length - 1])
  if (value === undefined)
    throwConfigIssue(
      'option_missing',
      path,
      'the state key is missing.',
      `Name it, for example ${field}: '${example}'.`,
    )
  return parseStateKey(value, path)
}

/** Checks a whole-number option (`maxRounds`, `concurrency`); `undefined` gives `fallback`. @internal */
export function checkCount(path: OptionPath, value: unknown, minimum: number, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value === 'number' && Number.isInteger(value) && value >= minimum) return value
  const field = String(path[path.length - 1])
  throwConfigIssue(
    'number_invalid',
    path,
    `must be a whole number >= ${minimum}, got ${describeValue(value)}.`,
    `Pass ${field}: ${minimum} or more (default ${fallback}).`,
  )
}

/** Checks a list option that needs at least two entries (`cascade`, `chain`, `fanOutMerge`). @internal */
export function checkAtLeastTwo<T>(
  path: OptionPath,
  value: readonly T[] | undefined,
  what: string,
  example: string,
): readonly T[] {
  if (Array.isArray(value) && value.length >= 2) return value
  const count = Array.isArray(value) ? `got ${value.length}` : `got ${describeValue(value)}`
  throwConfigIssue(
    'items_missing',
    path,
    `needs at least two ${what}, ${count}.`,
    `Pass two or more, for example ${example}.`,
  )
}

/** The bare name of a state key (`temp:quality` → `quality`), for matching labels in text: core's rule. @internal */
export { bareStateKey as bareKey } from '@adk-fluent/fluent/internal'

/**
 * Runs `build` (a fluent call that parses a step), reporting a `ConfigError` it throws at the pattern's `path`
 * instead of the builder method's. @internal
 */
export function atOption<T>(path: OptionPath, build: () => T): T {
  try {
    return build()
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    throw new ConfigError(error.issues.map((issue) => ({ ...issue, path })))
  }
}
