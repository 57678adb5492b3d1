import type { ReadonlyContext } from '@adk-fluent/core'
import { renderHistoryItem, type HistoryItem } from './history-item.js'
import { createCollectStage, type HistoryStage } from './history-stage.js'
import { contextModelName, modelArgument, type ContextModel } from './context-model.js'
import { callStageModel } from '../shared/stage-model.js'
import { formatArgument } from '../shared/format-argument.js'

/** The default instruction of `C.summarize()`. */
export const defaultSummaryPrompt =
  'Summarize the conversation below for an assistant that continues it. Keep facts, decisions, names, numbers and open questions; leave out small talk. Answer with the summary only.'

/** `{ a, b }` of a factory call, leaving out empty entries. @internal */
export function callOptions(entries: readonly string[]): string {
  const kept = entries.filter((entry) => entry.length > 0)
  return kept.length === 0 ? '' : `{ ${kept.join(', ')} }`
}

/** The kept items, oldest first, as `[author]: text` lines. @internal */
export function transcript(items: readonly HistoryItem[]): string {
  return [...items].reverse().map(renderHistoryItem).join('\n')
}

/** A made-up history item (a summary, extracted facts). @internal */
export function madeItem(author: string, text: string, raw = false): HistoryItem {
  return raw
    ? { author, text, toolCalls: 0, toolResponses: 0, toolOnly: false, raw: true }
    : { author, text, toolCalls: 0, toolResponses: 0, toolOnly: false }
}

/** `C.summarize()`: the kept history replaced by one `[summary]: …` line written by the model. @internal */
export function summarizeStage(model: ContextModel | undefined, prompt: string | undefined): HistoryStage {
  const call = `C.summarize(${callOptions([modelArgument(model)])})`
  return createCollectStage(
    call,
    `summarized by ${contextModelName(model)}`,
    async (items, context) => {
      if (items.length === 0) return []
      const summary = await callStageModel(
        'C.summarize()',
        model,
        prompt ?? defaultSummaryPrompt,
        transcript(items),
        context,
      )
      return [madeItem('summary', summary)]
    },
    [],
    true,
  )
}

/** Where `C.relevant()` takes its query from. */
export type RelevanceQuery = { readonly queryKey: string } | { readonly query: string }

/**
 * `C.relevant()`: the model picks the `topK` events most relevant to the query; they are kept in their original
 * order. With `topK` events or fewer, or no query in state, nothing is sent to the model and the newest `topK`
 * events are kept.
 * @internal
 */
export function relevantStage(model: ContextModel | undefined, source: RelevanceQuery, topK: number): HistoryStage {
  const name = contextModelName(model)
  const query =
    'queryKey' in source ? `queryKey: ${formatArgument(source.queryKey)}` : `query: ${formatArgument(source.query)}`
  const call = `C.relevant(${callOptions([modelArgument(model), query, `topK: ${topK}`])})`
  const keys = 'queryKey' in source ? [source.queryKey] : []
  return createCollectStage(
    call,
    `${topK} most relevant events, picked by ${name}`,
    async (items, context) => {
      const text = readQuery(source, context)
      if (items.length <= topK || !text) return items.slice(0, topK)
      const chronological = [...items].reverse()
      const numbered = chronological.map((item, index) => `${index + 1}. ${renderHistoryItem(item)}`).join('\n')
      const reply = await callStageModel(
        'C.relevant()',
        model,
        `You rank conversation messages by relevance to a query. Reply with the numbers of the ${topK} most relevant messages, most relevant first, separated by commas, and nothing else.`,
        `Query: ${text}\n\nMessages:\n${numbered}`,
        context,
      )
      const picked = pickIndices(reply, chronological.length, topK)
      const kept: HistoryItem[] = picked.map((index) => chronological[index] as HistoryItem)
      return kept.reverse()
    },
    keys,
    true,
  )
}

function readQuery(source: RelevanceQuery, context: ReadonlyContext): string {
  if ('query' in source) return source.query
  const value = context.state.get(source.queryKey)
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** 0-based indices named in the reply (1-based there), valid and unique, at most `limit`, sorted ascending. */
function pickIndices(reply: string, count: number, limit: number): number[] {
  const picked: number[] = []
  for (const match of reply.matchAll(/\d+/g)) {
    const index = Number(match[0]) - 1
    if (index >= 0 && index < count && !picked.includes(index)) picked.push(index)
    if (picked.length === limit) break
  }
  return picked.sort((a, b) => a - b)
}
