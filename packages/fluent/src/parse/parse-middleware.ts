import type { BasePlugin } from '@adk-fluent/core'
import { describeValue } from './describe-value.js'
import { throwConfigIssue, type IssuePath } from './config-issue.js'

function isPlugin(value: unknown): value is BasePlugin {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { beforeModelCallback?: unknown }).beforeModelCallback === 'function'
  )
}

/** `.use(...)` arguments: middleware from `M` (or any core plugin). */
export function parseMiddleware(values: readonly unknown[], path: IssuePath): BasePlugin[] {
  if (values.length === 0)
    throwConfigIssue('items_missing', path, 'no middleware given', 'Pass one or more of M.retry(), M.log(), …')
  return values.map((value, index) => {
    if (!isPlugin(value)) {
      throwConfigIssue(
        'middleware_invalid',
        [...path, index],
        `${describeValue(value)} is not middleware`,
        'Pass M.retry(), M.log(), M.latency(), M.cost(), M.circuitBreaker() or a core plugin.',
      )
    }
    return value
  })
}
