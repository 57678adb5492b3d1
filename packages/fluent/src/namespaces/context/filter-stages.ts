import type { HistoryItem } from './history-item.js'
import { createStreamStage, type HistoryStage } from './history-stage.js'
import { formatArgument, formatArguments } from '../shared/format-argument.js'

function filterStage(call: string, summary: string, keep: (item: HistoryItem) => boolean, authors?: readonly string[]): HistoryStage {
  return createStreamStage(
    call,
    summary,
    function* (items) {
      for (const item of items) if (keep(item)) yield item
    },
    authors,
  )
}

/** Keeps the user's messages only. @internal */
export function userOnlyStage(): HistoryStage {
  return filterStage('C.userOnly()', 'user messages only', (item) => item.author === 'user', ['user'])
}

/** Keeps the user's messages and those of the named agents. @internal */
export function fromAgentsStage(names: readonly string[]): HistoryStage {
  return filterStage(
    `C.fromAgents(${formatArguments(names)})`,
    `user messages and ${names.join(', ')}`,
    (item) => item.author === 'user' || names.includes(item.author),
    ['user', ...names],
  )
}

/** Keeps everything except the named agents' events. @internal */
export function excludeAgentsStage(names: readonly string[]): HistoryStage {
  return filterStage(`C.excludeAgents(${formatArguments(names)})`, `all but ${names.join(', ')}`, (item) => !names.includes(item.author))
}

/** The selection of `C.select()`. */
export interface ContextSelection {
  /** Keep events by this author (or any of these authors; `'user'` for the user). */
  readonly author?: string | readonly string[]
  /** Keep events for which this returns true. */
  readonly where?: (item: HistoryItem) => boolean
}

/** Keeps the events matching every given criterion. @internal */
export function selectStage(selection: ContextSelection): HistoryStage {
  const authors = selection.author === undefined ? undefined : typeof selection.author === 'string' ? [selection.author] : [...selection.author]
  const where = selection.where
  const call = `C.select({ ${[
    authors ? `author: ${authors.length === 1 ? formatArgument(authors[0]) : `[${formatArguments(authors)}]`}` : '',
    where ? `where: ${formatArgument(where)}` : '',
  ]
    .filter(Boolean)
    .join(', ')} })`
  const summary = [authors ? `events by ${authors.join(', ')}` : '', where ? 'matching a predicate' : ''].filter(Boolean).join(', ')
  return filterStage(call, summary, (item) => (!authors || authors.includes(item.author)) && (!where || where(item)), authors)
}
