import { estimateTokens, renderHistoryItem, type HistoryItem } from './history-item.js'
import { createStreamStage, type HistoryStage } from './history-stage.js'

/**
 * The newest items up to and including the `turns`-th user message from the end (a turn starts at a user message):
 * stops reading as soon as that message is reached.
 * @internal
 */
export function* lastTurns(items: Iterable<HistoryItem>, turns: number): Generator<HistoryItem, void, undefined> {
  let users = 0
  for (const item of items) {
    yield item
    if (item.author === 'user' && ++users >= turns) return
  }
}

/** `C.window(n)` / `C.lastNTurns(n)`: the last `n` turns. @internal */
export function turnWindowStage(call: string, turns: number): HistoryStage {
  const stage = createStreamStage(call, `last ${turns} turn${turns === 1 ? '' : 's'}`, (items) =>
    lastTurns(items, turns),
  )
  return Object.freeze({ ...stage, turns })
}

/** The limits of `C.truncate()`. */
export interface TruncateLimits {
  /** Keep at most this many turns. */
  readonly maxTurns?: number
  /** Keep at most about this many tokens (4 characters a token); the oldest kept event is cut to fit. */
  readonly maxTokens?: number
}

/** `C.truncate()`: the last turns, then the newest text that fits in the token limit (cutting the oldest event). @internal */
export function truncateStage(call: string, limits: TruncateLimits): HistoryStage {
  const summary = [
    limits.maxTurns === undefined ? '' : `last ${limits.maxTurns} turns`,
    limits.maxTokens === undefined ? '' : `about ${limits.maxTokens} tokens, oldest event cut`,
  ]
    .filter(Boolean)
    .join(', ')
  return createStreamStage(call, `truncated to ${summary}`, function* (items) {
    const source = limits.maxTurns === undefined ? items : lastTurns(items, limits.maxTurns)
    if (limits.maxTokens === undefined) {
      yield* source
      return
    }
    let remaining = limits.maxTokens
    for (const item of source) {
      const cost = estimateTokens(renderHistoryItem(item))
      if (cost <= remaining) {
        remaining -= cost
        yield item
        continue
      }
      const characters = remaining * 4 - renderHistoryItem({ ...item, text: '…' }).length
      if (characters > 0) yield { ...item, text: `…${item.text.slice(item.text.length - characters)}` }
      return
    }
  })
}

/** `C.budget()`: the newest whole events whose lines fit in the token budget; stops at the first that does not fit. @internal */
export function budgetStage(call: string, maxTokens: number): HistoryStage {
  return createStreamStage(call, `newest events within about ${maxTokens} tokens`, function* (items) {
    let remaining = maxTokens
    for (const item of items) {
      const cost = estimateTokens(renderHistoryItem(item))
      if (cost > remaining) return
      remaining -= cost
      yield item
    }
  })
}
