import type { HistoryItem } from './history-item.js'
import { createCollectStage, createStreamStage, type HistoryStage } from './history-stage.js'
import { formatArguments } from '../shared/format-argument.js'

/**
 * `C.recent()`: recency weighting. The item `age` events from the newest weighs `0.5 ** (age / halfLife)`; items
 * are kept while their weight is at least `minWeight`.
 * @internal
 */
export function recentStage(halfLife: number, minWeight: number): HistoryStage {
  const kept = Math.floor(halfLife * Math.log2(1 / minWeight)) + 1
  return createStreamStage(
    `C.recent({ halfLife: ${halfLife}, minWeight: ${minWeight} })`,
    `newest ${kept} events (weight 0.5^(age/${halfLife}) ≥ ${minWeight})`,
    function* (items) {
      let age = 0
      for (const item of items) {
        if (0.5 ** (age / halfLife) < minWeight) return
        yield item
        age++
      }
    },
  )
}

/** What `C.fresh()` does with an event older than `maxAge`. */
export type StaleAction = 'drop' | 'mark'

/** `C.fresh()`: events older than `maxAge` seconds (at render time) dropped, or marked `[stale]`. @internal */
export function freshStage(maxAge: number, staleAction: StaleAction): HistoryStage {
  return createStreamStage(
    `C.fresh({ maxAge: ${maxAge}${staleAction === 'drop' ? '' : `, staleAction: 'mark'`} })`,
    staleAction === 'drop' ? `events of the last ${maxAge} s` : `events older than ${maxAge} s marked [stale]`,
    function* (items) {
      const oldest = Date.now() - maxAge * 1000
      for (const item of items) {
        const stale = item.timestamp !== undefined && item.timestamp < oldest
        if (!stale) yield item
        else if (staleAction === 'mark') yield { ...item, text: `[stale] ${item.text}` }
        else return
      }
    },
  )
}

/** Which user messages `C.user()` keeps. */
export type UserStrategy = 'all' | 'first' | 'last' | 'bookend'

/** `C.user()`: the user's messages: all, the first, the last, or the first and the last. @internal */
export function userStage(strategy: UserStrategy): HistoryStage {
  const call = strategy === 'all' ? 'C.user()' : `C.user({ strategy: '${strategy}' })`
  const summary = {
    all: 'user messages only',
    first: "the user's first message",
    last: "the user's last message",
    bookend: "the user's first and last messages",
  }[strategy]
  if (strategy === 'all' || strategy === 'last') {
    return createStreamStage(
      call,
      summary,
      function* (items) {
        for (const item of items) {
          if (item.author !== 'user') continue
          yield item
          if (strategy === 'last') return
        }
      },
      ['user'],
    )
  }
  return createCollectStage(call, summary, async (items) => {
    const users = items.filter((item) => item.author === 'user')
    const first = users[users.length - 1]
    if (!first) return []
    if (strategy === 'first' || users.length === 1) return [first]
    return [users[0] as HistoryItem, first]
  })
}

/** `C.fromAgentsWindowed()`: the user's messages plus each named agent's last `n` events. @internal */
export function fromAgentsWindowedStage(windows: Readonly<Record<string, number>>): HistoryStage {
  const names = Object.keys(windows)
  return createStreamStage(
    `C.fromAgentsWindowed({ ${names.map((name) => `${/^[A-Za-z_]\w*$/.test(name) ? name : JSON.stringify(name)}: ${windows[name]}`).join(', ')} })`,
    `user messages and the last ${names.map((name) => `${windows[name]} of ${name}`).join(', ')}`,
    function* (items) {
      const seen = new Map<string, number>()
      for (const item of items) {
        if (item.author === 'user') {
          yield item
          continue
        }
        const limit = windows[item.author]
        if (limit === undefined) continue
        const count = seen.get(item.author) ?? 0
        if (count >= limit) continue
        seen.set(item.author, count + 1)
        yield item
      }
    },
    ['user', ...names],
  )
}

/**
 * `C.project()`: an event whose text is a JSON object keeps only the named fields (other events are unchanged).
 * @internal
 */
export function projectStage(fields: readonly string[]): HistoryStage {
  return createStreamStage(
    `C.project(${formatArguments(fields)})`,
    `JSON answers projected to ${fields.join(', ')}`,
    function* (items) {
      for (const item of items) {
        const projected = project(item.text, fields)
        yield projected === undefined ? item : { ...item, text: projected }
      }
    },
  )
}

function project(text: string, fields: readonly string[]): string | undefined {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(trimmed)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    const kept: Record<string, unknown> = {}
    for (const field of fields) if (field in value) kept[field] = (value as Record<string, unknown>)[field]
    return JSON.stringify(kept)
  } catch {
    return undefined
  }
}
