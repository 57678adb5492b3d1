import { type Event, type ReadonlyContext } from '@adk-fluent/core'
import { isBranchVisible } from '@adk-fluent/core/internal'
import { renderHistoryItem, toHistoryItem, type HistoryItem } from './history-item.js'
import type { HistoryStage } from './history-stage.js'
import { eventIndexesByAuthor, hasAuthorIndex } from './author-index.js'

/**
 * The session's events as history items, newest first, read lazily from the end of the event list: a consumer that
 * stops early never touches the older events. Partial events and events of other parallel branches are skipped
 * (as the contents of a model request skip them).
 * @internal
 */
export function* backwardHistory(
  context: ReadonlyContext,
  authors?: readonly string[],
): Generator<HistoryItem, void, undefined> {
  const events: readonly Event[] = context.invocationContext.session.events
  const branch = context.invocationContext.branch
  const positions = authors ? eventIndexesByAuthor(events, authors) : descending(events.length)
  for (const index of positions) {
    const event = events[index]
    if (!event || event.partial || !isBranchVisible(branch, event.branch)) continue
    const item = toHistoryItem(event)
    if (item) yield item
  }
}

function* descending(length: number): Generator<number, void, undefined> {
  for (let index = length - 1; index >= 0; index--) yield index
}

/**
 * Runs the stages over the history and renders what is kept, oldest first, one `[author]: text` line each.
 * `memo` caches collecting stages (model calls) per compiled context: the same history and state inputs are not
 * sent to the model twice (an agent's instruction is rendered before each of its model calls).
 * @internal
 */
export async function renderHistory(
  stages: readonly HistoryStage[],
  context: ReadonlyContext,
  memo: Map<HistoryStage, { readonly key: string; readonly items: readonly HistoryItem[] }>,
): Promise<string> {
  const first = stages[0]
  const authors = first?.run.mode === 'stream' ? first.authors : undefined
  // A leading author filter reads only its authors' events through an index kept per session history. When later
  // stages stop early (a window) and no index exists yet, scanning lazily from the end reads less than building one.
  const useIndex =
    authors !== undefined && (stages.length === 1 || hasAuthorIndex(context.invocationContext.session.events))
  let items: Iterable<HistoryItem> = backwardHistory(context, useIndex ? authors : undefined)
  for (const stage of stages) {
    if (stage.run.mode === 'stream') {
      items = stage.run.stream(items)
      continue
    }
    const collected = [...items]
    const inputs = stage.stateKeys.map((name) => context.state.get(name))
    const key = `${JSON.stringify(inputs)}\n${collected.map(renderHistoryItem).join('\n')}`
    const cached = memo.get(stage)
    if (cached && cached.key === key) {
      items = cached.items
      continue
    }
    const result = await stage.run.collect(collected, context)
    memo.set(stage, { key, items: result })
    items = result
  }
  const kept = [...items]
  kept.reverse()
  return kept.map(renderHistoryItem).join('\n')
}
