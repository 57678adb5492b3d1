import type { HistoryItem } from './history-item.js'
import { createStreamStage, type HistoryStage } from './history-stage.js'
import { formatArgument, formatArguments } from '../shared/format-argument.js'

function filterStage(
  call: string,
  summary: string,
  keep: (item: HistoryItem) => boolean,
  authors?: readonly string[],
): HistoryStage {
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
  return filterStage(
    `C.excludeAgents(${formatArguments(names)})`,
    `all but ${names.join(', ')}`,
    (item) => !names.includes(item.author),
  )
}

/** The kinds of event `C.select({ type })` keeps. */
export type HistoryItemType = 'message' | 'tool-call' | 'tool-result'

/** The selection of `C.select()`. */
export interface ContextSelection {
  /** Keep events by this author (or any of these authors; `'user'` for the user). */
  readonly author?: string | readonly string[]
  /** Keep events of this type (or any of these): text `message`s, `tool-call`s, `tool-result`s. */
  readonly type?: HistoryItemType | readonly HistoryItemType[]
  /** Keep events tagged with this tag (or any of these) in `customMetadata.tags`. */
  readonly tag?: string | readonly string[]
  /** Keep events for which this returns true. */
  readonly where?: (item: HistoryItem) => boolean
}

/** The types of a history item. @internal */
export function itemTypes(item: HistoryItem): HistoryItemType[] {
  const types: HistoryItemType[] = []
  if (!item.toolOnly) types.push('message')
  if (item.toolCalls > 0) types.push('tool-call')
  if (item.toolResponses > 0) types.push('tool-result')
  return types
}

function list<T extends string>(value: T | readonly T[] | undefined): readonly T[] | undefined {
  return value === undefined ? undefined : typeof value === 'string' ? [value as T] : (value as readonly T[])
}

function listArgument(values: readonly string[]): string {
  return values.length === 1 ? formatArgument(values[0]) : `[${formatArguments(values)}]`
}

/** Keeps the events matching every given criterion. @internal */
export function selectStage(selection: ContextSelection): HistoryStage {
  const authors = list(selection.author)
  const types = list(selection.type)
  const tags = list(selection.tag)
  const where = selection.where
  const call = `C.select({ ${[
    authors ? `author: ${listArgument(authors)}` : '',
    types ? `type: ${listArgument(types)}` : '',
    tags ? `tag: ${listArgument(tags)}` : '',
    where ? `where: ${formatArgument(where)}` : '',
  ]
    .filter(Boolean)
    .join(', ')} })`
  const summary = [
    authors ? `events by ${authors.join(', ')}` : '',
    types ? `of type ${types.join(' or ')}` : '',
    tags ? `tagged ${tags.join(' or ')}` : '',
    where ? 'matching a predicate' : '',
  ]
    .filter(Boolean)
    .join(', ')
  const keep = (item: HistoryItem): boolean =>
    (!authors || authors.includes(item.author)) &&
    (!types || itemTypes(item).some((type) => types.includes(type))) &&
    (!tags || (item.tags ?? []).some((tag) => tags.includes(tag))) &&
    (!where || where(item))
  return filterStage(call, summary, keep, authors)
}
