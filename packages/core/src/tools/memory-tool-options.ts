import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'

/** The default number of memories a memory tool asks for. */
export const DEFAULT_MEMORY_TOOL_LIMIT = 50

/**
 * A memory tool's options checked (an object, or nothing) and its `limit`: `undefined` for `Infinity` (every match),
 * else a positive integer.
 */
export function memoryLimitOf(tool: string, options: unknown): number | undefined {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new ConfigError([
      {
        code: 'options_invalid',
        path: [tool],
        message: `the options must be an object, got ${describeValue(options)}.`,
        hint: `Pass new ${tool}() or new ${tool}({ limit: 20 }).`,
      },
    ])
  }
  const limit = (options as { limit?: unknown } | undefined)?.limit
  if (limit === undefined) return DEFAULT_MEMORY_TOOL_LIMIT
  if (limit === Number.POSITIVE_INFINITY) return undefined
  if (typeof limit === 'number' && Number.isInteger(limit) && limit > 0) return limit
  throw new ConfigError([
    {
      code: 'number_invalid',
      path: [tool, 'limit'],
      message: `limit must be a positive integer or Infinity, got ${String(limit)}.`,
      hint: `Pass new ${tool}({ limit: 20 }).`,
    },
  ])
}
