import { mapOver, type NodeHolder, type PipelineBuilder, type StepInput } from '@adk-fluent/fluent'
import {
  atOption,
  checkBuilder,
  checkCount,
  checkOptionsObject,
  checkStateKey,
  throwConfigIssue,
} from './check-options.js'

/** Options of {@link mapReduce}. */
export interface MapReduceOptions {
  /** Runs once per item, seeing the item as `state[itemKey]` (for example `{item}` in its instruction). */
  readonly mapper: NodeHolder
  /** Runs once after every item is mapped, reading `state[resultKey]`: a builder, an `S` transform or a function. */
  readonly reducer: StepInput
  /** The state key holding the list of items (required). */
  readonly itemsKey: string
  /** Where each mapper run sees its item (default `'item'`). */
  readonly itemKey?: string
  /** Where the list of the mapper's outputs goes (default `'results'`). */
  readonly resultKey?: string
  /** How many mapper runs at once at most, a whole number >= 1 (default 4). */
  readonly concurrency?: number
}

const shape = "{ mapper, reducer, itemsKey: 'documents' }"

/**
 * Map, then reduce: the mapper runs once per item of `state[itemsKey]`, at most `concurrency` at a time (each on its
 * own branch, seeing only its own item and writes), then `state[resultKey]` holds the **mapper's outputs** in item
 * order — what it wrote to its `.writes()` key, else its final text — and the reducer runs. A pipeline of
 * `mapOver(itemsKey, mapper, …)` then the reducer.
 * @example
 * const digest = mapReduce({
 *   mapper: Agent('summarizer').instruct('Summarize in one line: {doc}').writes('summary'),
 *   reducer: Agent('editor').instruct('Write a digest of these summaries.').reads('summaries'),
 *   itemsKey: 'documents',
 *   itemKey: 'doc',
 *   resultKey: 'summaries',
 *   concurrency: 3,
 * })
 */
export function mapReduce(options: MapReduceOptions): PipelineBuilder {
  const checked = checkOptionsObject('mapReduce', options, shape)
  const mapper = checkBuilder(
    ['mapReduce', 'mapper'],
    checked.mapper,
    "Agent('summarizer').instruct('Summarize: {item}')",
  )
  if (checked.reducer === undefined) {
    throwConfigIssue(
      'option_missing',
      ['mapReduce', 'reducer'],
      'the reducer is missing.',
      "Pass the step that combines the results, for example reducer: Agent('editor').reads('results').",
    )
  }
  const itemsKey = checkStateKey(['mapReduce', 'itemsKey'], checked.itemsKey, 'documents')
  const itemKey = checkStateKey(['mapReduce', 'itemKey'], checked.itemKey, 'item', 'item')
  const resultKey = checkStateKey(['mapReduce', 'resultKey'], checked.resultKey, 'results', 'results')
  const concurrency = checkCount(['mapReduce', 'concurrency'], checked.concurrency, 1, 4)
  if (itemKey === itemsKey) {
    throwConfigIssue(
      'state_key_clash',
      ['mapReduce', 'itemKey'],
      `is the same key as itemsKey ("${itemsKey}"), so each item would hide the list.`,
      "Pick another key, for example itemKey: 'item'.",
    )
  }
  const mapped = mapOver(itemsKey, mapper, { itemKey, outputKey: resultKey, concurrency })
  return atOption(['mapReduce', 'reducer'], () => mapped.then(checked.reducer))
}
