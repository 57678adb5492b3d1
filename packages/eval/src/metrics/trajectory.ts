import { ConfigError } from '@adk-fluent/core'
import { pyEqual } from './py-equal.js'

/** How expected and actual tool calls are compared (ADK `ToolTrajectoryCriterion.MatchType`; enum values 0, 1, 2). */
export type MatchType = 'EXACT' | 'IN_ORDER' | 'ANY_ORDER'

/** The part of a function call the trajectory compares: its name and arguments (the call id is ignored). */
export interface ToolCallLike {
  readonly name?: string | undefined
  readonly args?: Readonly<Record<string, unknown>> | null | undefined
}

const matchTypes: readonly MatchType[] = ['EXACT', 'IN_ORDER', 'ANY_ORDER']

/**
 * Reads a `match_type` as ADK does: the enum value (0, 1, 2) or a name, trimmed, upper-cased, with `-` and spaces
 * read as `_` (`"in order"`, `"any-order"`). Anything else is a {@link ConfigError}.
 */
export function parseMatchType(value: unknown, path = 'match_type'): MatchType {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < matchTypes.length)
    return matchTypes[value] as MatchType
  if (typeof value === 'string') {
    const name = value.trim().toUpperCase().replace(/[-\s]/g, '_')
    const found = matchTypes.find((type) => type === name)
    if (found) return found
  }
  throw new ConfigError([
    {
      code: 'eval_metric_invalid',
      path: [path],
      message: `unknown match type ${JSON.stringify(value)};`,
      hint: 'use EXACT, IN_ORDER or ANY_ORDER (or 0, 1, 2)',
    },
  ])
}

function sameCall(expected: ToolCallLike, actual: ToolCallLike, ignoreArgs: boolean): boolean {
  return expected.name === actual.name && (ignoreArgs || pyEqual(expected.args ?? null, actual.args ?? null))
}

/** ADK's per-invocation trajectory score: 1.0 when the actual calls match the expected ones under `matchType`, else 0.0. */
export function trajectoryScore(
  expected: readonly ToolCallLike[],
  actual: readonly ToolCallLike[],
  matchType: MatchType = 'EXACT',
  ignoreArgs = false,
): number {
  switch (matchType) {
    case 'EXACT':
      return expected.length === actual.length &&
        expected.every((call, index) => sameCall(call, actual[index] as ToolCallLike, ignoreArgs))
        ? 1
        : 0
    case 'IN_ORDER': {
      if (expected.length === 0) return 1
      let next = 0
      for (const call of actual) {
        if (next < expected.length && sameCall(expected[next] as ToolCallLike, call, ignoreArgs)) next++
      }
      return next === expected.length ? 1 : 0
    }
    case 'ANY_ORDER': {
      if (expected.length === 0) return 1
      const left = [...actual]
      for (const call of expected) {
        const index = left.findIndex((candidate) => sameCall(call, candidate, ignoreArgs))
        if (index < 0) return 0
        left.splice(index, 1)
      }
      return 1
    }
  }
}
