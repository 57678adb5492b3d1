import { throwConfigIssue } from './config-issue.js'
import { describeValue } from './describe-value.js'

/** Checks a whole number >= `minimum` (iterations, concurrency, milliseconds). @internal */
export function parseCount(value: unknown, path: readonly (string | number)[], minimum: number, what: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= minimum) return value
  throwConfigIssue('number_invalid', path, `${what} must be a whole number >= ${minimum}, got ${describeValue(value)}.`)
}
