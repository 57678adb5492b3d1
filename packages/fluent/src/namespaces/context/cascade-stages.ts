import type { ReadonlyContext } from '@adk-fluent/core'
import { estimateTokens, renderHistoryItem, type HistoryItem } from './history-item.js'
import { createCollectStage, type HistoryStage } from './history-stage.js'
import { compactStage, dedupStage } from './rewrite-stages.js'
import { truncateStage } from './limit-stages.js'
import { callOptions, defaultSummaryPrompt, madeItem, transcript } from './model-stages.js'
import { contextModelName, modelArgument, type ContextModel } from './context-model.js'
import { callStageModel } from '../shared/stage-model.js'
import { neutralizeContextValue } from './neutralize-context-value.js'

function streamThrough(stage: HistoryStage, items: readonly HistoryItem[]): HistoryItem[] {
  return stage.run.mode === 'stream' ? [...stage.run.stream(items)] : [...items]
}

function tokensOf(items: readonly HistoryItem[]): number {
  return items.reduce((total, item) => total + estimateTokens(renderHistoryItem(item)), 0)
}

/** Items newest first: how many of the newest fit in `budget` tokens. */
function newestWithin(items: readonly HistoryItem[], budget: number): number {
  let used = 0
  let count = 0
  for (const item of items) {
    used += estimateTokens(renderHistoryItem(item))
    if (used > budget) break
    count++
  }
  return count
}

/** `<earlier_context_summary>` block written by the model for `older` (newest first). */
async function earlierSummary(
  factory: string,
  model: ContextModel | undefined,
  older: readonly HistoryItem[],
  context: ReadonlyContext,
): Promise<HistoryItem> {
  const summary = await callStageModel(factory, model, defaultSummaryPrompt, transcript(older), context)
  return madeItem(
    'summary',
    `<earlier_context_summary>\n${neutralizeContextValue(summary)}\n</earlier_context_summary>`,
    true,
  )
}

/**
 * The cascade of `C.fit({ strategy: 'cascade' })` and `C.manusCascade()`: tool calls collapsed, duplicates dropped;
 * if still over `maxTokens`, the newest events within half the budget are kept and the older ones summarized by the
 * model; finally the newest text within `maxTokens` is kept (the oldest kept item cut).
 */
async function cascade(
  factory: string,
  model: ContextModel | undefined,
  maxTokens: number,
  items: readonly HistoryItem[],
  context: ReadonlyContext,
): Promise<readonly HistoryItem[]> {
  let kept = streamThrough(dedupStage(), streamThrough(compactStage(), items))
  if (tokensOf(kept) > maxTokens) {
    const recent = Math.max(1, newestWithin(kept, Math.floor(maxTokens / 2)))
    const older = kept.slice(recent)
    if (older.length > 0) kept = [...kept.slice(0, recent), await earlierSummary(factory, model, older, context)]
  }
  return streamThrough(truncateStage('', { maxTokens }), kept)
}

/** How `C.fit()` makes the history fit. */
export type FitStrategy = 'strict' | 'cascade'

/** `C.fit()`: the history made to fit `maxTokens` (strictly, or by the model-powered cascade). @internal */
export function fitStage(maxTokens: number, strategy: FitStrategy, model: ContextModel | undefined): HistoryStage {
  const call = `C.fit(${callOptions([`maxTokens: ${maxTokens}`, strategy === 'strict' ? '' : `strategy: 'cascade'`, modelArgument(model)])})`
  if (strategy === 'strict') {
    return createCollectStage(call, `newest text within about ${maxTokens} tokens`, async (items) =>
      streamThrough(truncateStage('', { maxTokens }), items),
    )
  }
  return createCollectStage(
    call,
    `fit to about ${maxTokens} tokens: tool calls collapsed, duplicates dropped, older events summarized by ${contextModelName(model)}`,
    (items, context) => cascade('C.fit()', model, maxTokens, items, context),
    [],
    true,
  )
}

/** `C.manusCascade()`: compact → dedup → summarize the older events → truncate, within `budget` tokens. @internal */
export function manusCascadeStage(budget: number, model: ContextModel | undefined): HistoryStage {
  return createCollectStage(
    `C.manusCascade(${callOptions([`budget: ${budget}`, modelArgument(model)])})`,
    `compacted, deduplicated, older events summarized by ${contextModelName(model)}, truncated to about ${budget} tokens`,
    (items, context) => cascade('C.manusCascade()', model, budget, items, context),
    [],
    true,
  )
}

/**
 * `C.rolling()`: the last `turns` turns verbatim; with `summarize`, the older events as one
 * `<earlier_context_summary>` block written by the model, first.
 * @internal
 */
export function rollingStage(turns: number, summarize: boolean, model: ContextModel | undefined): HistoryStage {
  const call = `C.rolling(${callOptions([`n: ${turns}`, summarize ? 'summarize: true' : '', modelArgument(model)])})`
  const summary = summarize
    ? `last ${turns} turns, older events summarized by ${contextModelName(model)}`
    : `last ${turns} turns`
  return createCollectStage(
    call,
    summary,
    async (items, context) => {
      let users = 0
      let cut = items.length
      for (let index = 0; index < items.length; index++) {
        if (items[index]?.author === 'user' && ++users >= turns) {
          cut = index + 1
          break
        }
      }
      const recent = items.slice(0, cut)
      const older = items.slice(cut)
      if (!summarize || older.length === 0) return recent
      return [...recent, await earlierSummary('C.rolling()', model, older, context)]
    },
    [],
    summarize,
  )
}
