import { throwConfigIssue } from './config-issue.js'
import { describeValue } from './describe-value.js'

/** Checks that an argument is a function. @internal */
export function parseFunction<T extends (...parameters: never[]) => unknown>(
  value: unknown,
  path: readonly (string | number)[],
  expected: string,
): T {
  if (typeof value === 'function') return value as T
  throwConfigIssue('function_invalid', path, `expected ${expected}, got ${describeValue(value)}. Pass a function.`)
}
