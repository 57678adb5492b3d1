import { ConfigError } from '../errors/config-error.js'

/** The default number of memories a memory tool asks for. */
export const DEFAULT_MEMORY_TOOL_LIMIT = 50

/** A memory tool's `limit` option checked: `undefined` for `Infinity` (every match), else a positive integer. */
export function memoryLimitOf(tool: string, limit: number | undefined): number | undefined {
  if (limit === undefined) return DEFAULT_MEMORY_TOOL_LIMIT
  if (limit === Number.POSITIVE_INFINITY) return undefined
  if (Number.isInteger(limit) && limit > 0) return limit
  throw new ConfigError([
    {
      path: [tool, 'limit'],
      message: `limit must be a positive integer or Infinity, got ${String(limit)}.`,
      hint: `Pass new ${tool}({ limit: 20 }).`,
    },
  ])
}
