import type { z } from 'zod'
import { throwConfigIssue } from './config-issue.js'
import { describeValue } from './describe-value.js'

/** Checks a zod schema argument (`.accepts()`, `.returns()`, `.produces()`, `.consumes()`). @internal */
export function parseSchema(value: unknown, path: readonly (string | number)[]): z.ZodType {
  const candidate = value as { safeParse?: unknown; _zod?: unknown } | null
  if (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.safeParse === 'function' &&
    candidate._zod
  ) {
    return value as z.ZodType
  }
  throwConfigIssue(
    'schema_invalid',
    path,
    `expected a zod schema, got ${describeValue(value)}. Pass one such as z.object({ answer: z.string() }).`,
  )
}
