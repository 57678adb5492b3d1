import { throwConfigIssue } from '../../parse/config-issue.js'
import { historySpec, type ContextSpec } from './context-spec.js'
import { budgetStage, truncateStage, turnWindowStage, type TruncateLimits } from './limit-stages.js'
import { parsePositiveInteger } from './parse-context-options.js'

/**
 * The last `turns` turns (a turn starts at a user message), rendered into the instruction. Reads the session
 * from its end and stops at the oldest kept message.
 * @example C.window(3)
 */
export function window(turns: number): ContextSpec<never, never> {
  return historySpec(
    turnWindowStage(`C.window(${turns})`, parsePositiveInteger('C.window()', 'the number of turns', turns)),
  )
}

/**
 * The last `turns` turns; the same as {@link window}.
 * @example C.lastNTurns(2)
 */
export function lastNTurns(turns: number): ContextSpec<never, never> {
  return historySpec(
    turnWindowStage(`C.lastNTurns(${turns})`, parsePositiveInteger('C.lastNTurns()', 'the number of turns', turns)),
  )
}

/**
 * The last `maxTurns` turns and/or the newest text within about `maxTokens` tokens (4 characters a token; the
 * oldest kept event is cut, keeping its end).
 * @example C.truncate({ maxTurns: 10, maxTokens: 2000 })
 */
export function truncate(limits: TruncateLimits): ContextSpec<never, never> {
  if (!limits || (limits.maxTurns === undefined && limits.maxTokens === undefined)) {
    throwConfigIssue(
      'option_missing',
      ['C.truncate()'],
      'no limit given.',
      'Pass { maxTurns } and/or { maxTokens }, for example C.truncate({ maxTurns: 10 }).',
    )
  }
  const parsed: { maxTurns?: number; maxTokens?: number } = {}
  if (limits.maxTurns !== undefined) parsed.maxTurns = parsePositiveInteger('C.truncate()', 'maxTurns', limits.maxTurns)
  if (limits.maxTokens !== undefined)
    parsed.maxTokens = parsePositiveInteger('C.truncate()', 'maxTokens', limits.maxTokens)
  const call = `C.truncate({ ${Object.entries(parsed)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ')} })`
  return historySpec(truncateStage(call, parsed))
}

/**
 * The newest whole events whose lines fit in about `maxTokens` tokens (4 characters a token).
 * @example C.budget({ maxTokens: 4000 })
 */
export function budget(limits: { readonly maxTokens: number }): ContextSpec<never, never> {
  const maxTokens = parsePositiveInteger('C.budget()', 'maxTokens', limits?.maxTokens)
  return historySpec(budgetStage(`C.budget({ maxTokens: ${maxTokens} })`, maxTokens))
}
