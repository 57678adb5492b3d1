import { ConfigError, isFlowNode, type NodeHolder } from '@adk-fluent/fluent'

/** The path of a bad option: the pattern first, then the field (and an index for list entries). */
export type OptionPath = readonly [pattern: string, ...field: (string | number)[]]

const stateKeyPattern = /^(?:(?:app|user|temp):)?[A-Za-z_][A-Za-z0-9_]*$/

/** A short, secret-free description of a value for error messages. @internal */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'function') return 'a function'
  if (Array.isArray(value)) return `a list of ${value.length}`
  return 'an object'
}

/** Throws a `ConfigError` with one issue at `path`: `<pattern>.<field>: <message>`. @internal */
export function failOption(path: OptionPath, message: string): never {
  throw new ConfigError([{ path, message }])
}

/** Checks that a pattern got an options object. @internal */
export function checkOptionsObject<T>(pattern: string, options: T, shape: string): NonNullable<T> {
  if (typeof options === 'object' && options !== null && !Array.isArray(options)) return options as NonNullable<T>
  failOption([pattern], `expected an options object, got ${describeValue(options)}. Call it as ${pattern}(${shape}).`)
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
  failOption(path, `expected a builder, ${found}. Pass one, for example ${field}: ${example}.`)
}

/**
 * Checks a state-key option: an identifier, optionally prefixed with `app:`, `user:` or `temp:`. `undefined` gives
 * `fallback`; without a fallback the key is required. @internal
 */
export function checkStateKey(path: OptionPath, value: unknown, example: string, fallback?: string): string {
  if (value === undefined && fallback !== undefined) return fallback
  if (typeof value === 'string' && stateKeyPattern.test(value)) return value
  const field = String(path[path.length - 1])
  if (value === undefined) failOption(path, `the state key is missing. Name it, for example ${field}: '${example}'.`)
  failOption(
    path,
    `${describeValue(value)} is not a valid state key. Use an identifier (letters, digits and underscores, not starting with a digit), optionally prefixed with app:, user: or temp:, for example ${field}: '${example}'.`,
  )
}

/** Checks a whole-number option (`maxRounds`, `concurrency`); `undefined` gives `fallback`. @internal */
export function checkCount(path: OptionPath, value: unknown, minimum: number, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value === 'number' && Number.isInteger(value) && value >= minimum) return value
  const field = String(path[path.length - 1])
  failOption(path, `must be a whole number >= ${minimum}, got ${describeValue(value)}. Pass ${field}: ${minimum} or more (default ${fallback}).`)
}

/** Checks a list option that needs at least two entries (`cascade`, `chain`, `fanOutMerge`). @internal */
export function checkAtLeastTwo<T>(path: OptionPath, value: readonly T[] | undefined, what: string, example: string): readonly T[] {
  if (Array.isArray(value) && value.length >= 2) return value
  const count = Array.isArray(value) ? `got ${value.length}` : `got ${describeValue(value)}`
  failOption(path, `needs at least two ${what}, ${count}. Pass two or more, for example ${example}.`)
}

/** The bare name of a state key (`temp:quality` → `quality`), for matching labels in text. @internal */
export function bareKey(key: string): string {
  const colon = key.indexOf(':')
  return colon === -1 ? key : key.slice(colon + 1)
}

/**
 * Runs `build` (a fluent call that parses a step), reporting a `ConfigError` it throws at the pattern's `path`
 * instead of the builder method's. @internal
 */
export function atOption<T>(path: OptionPath, build: () => T): T {
  try {
    return build()
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    throw new ConfigError(error.issues.map((issue) => ({ path, message: issue.message })))
  }
}
