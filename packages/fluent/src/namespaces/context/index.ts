import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'
import { templateVariables } from '@adk-fluent/core/internal'
import { createContextSpec, type ContextSpec } from './context-spec.js'
import {
  createCurrentTurnPart,
  createDefaultPart,
  createHistoryPart,
  createNonePart,
  createStatePart,
  createTemplatePart,
} from './context-part.js'
import type { HistoryStage } from './history-stage.js'
import {
  excludeAgentsStage,
  fromAgentsStage,
  selectStage,
  userOnlyStage,
  type ContextSelection,
} from './filter-stages.js'
import { budgetStage, truncateStage, turnWindowStage, type TruncateLimits } from './limit-stages.js'
import { compactStage, dedupStage, redactStage } from './rewrite-stages.js'
import { relevantStage, summarizeStage } from './model-stages.js'
import { parseContextModel, type ContextModel } from './context-model.js'
import { parseAgentNames, parseChoice, parsePositiveInteger, parseRedactPatterns } from './parse-context-options.js'

import { formatArgument } from '../shared/format-argument.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import type { TemplateRequiredKeys } from '../../flow-types/template-keys.js'

export type { CompiledContext, ContextProvider, ContextSpec } from './compile-context.js'
export type { ContextPart } from './context-part.js'
export type { HistoryItem } from './history-item.js'
export type { HistoryStage } from './history-stage.js'
export type { ContextSelection } from './filter-stages.js'
export type { TruncateLimits } from './limit-stages.js'
export type { ContextModel } from './context-model.js'
export type { HistoryItemType } from './filter-stages.js'
export type { StaleAction, UserStrategy } from './select-stages.js'
export type { FitStrategy } from './cascade-stages.js'
export type { ContextCheck, ExtractShape } from './extract-stages.js'
export type { NotesFormat, NotesStrategy } from './notes-parts.js'
export { fresh, fromAgentsWindowed, priority, project, recent, user } from './selection-factories.js'
export { distill, extract, fit, manusCascade, rolling, validate } from './model-factories.js'
export { capture, notes, writeNotes } from './notes-factories.js'

function history(stage: HistoryStage): ContextSpec<never, never> {
  return createContextSpec([createHistoryPart([stage])])
}

/**
 * No conversation history and nothing rendered: the model gets the user's message of the current turn and its own
 * tool calls, never an earlier agent's raw reply (core's `includeContents: 'isolated'`). `.reads()` starts with it.
 * @example Agent('classifier').context(C.none())
 */
export function none(): ContextSpec<never, never> {
  return createContextSpec([createNonePart()])
}

/**
 * ADK's `includeContents: 'none'`: the current turn, which starts at the latest event of the user or of another agent
 * (so the previous agent's reply comes as a `For context:` user turn). Nothing rendered.
 * @example Agent('reviewer').context(C.currentTurn())
 */
export function currentTurn(): ContextSpec<never, never> {
  return createContextSpec([createCurrentTurnPart()])
}

/**
 * The model's native history, unchanged (`includeContents: 'default'`). Exported as `C.default()`.
 * @example Agent('chat').context(C.default())
 */
function defaultContext(): ContextSpec<never, never> {
  return createContextSpec([createDefaultPart()])
}

// API §2.3 names this `C.default()`; `default` cannot be a function name, so it is exported under that name.
export { defaultContext as default }

/**
 * Only the user's messages, rendered into the instruction; native history suppressed.
 * @example C.userOnly()
 */
export function userOnly(): ContextSpec<never, never> {
  return history(userOnlyStage())
}

/**
 * The last `turns` turns (a turn starts at a user message), rendered into the instruction. Reads the session
 * from its end and stops at the oldest kept message.
 * @example C.window(3)
 */
export function window(turns: number): ContextSpec<never, never> {
  return history(
    turnWindowStage(`C.window(${turns})`, parsePositiveInteger('C.window()', 'the number of turns', turns)),
  )
}

/**
 * The last `turns` turns; the same as {@link window}.
 * @example C.lastNTurns(2)
 */
export function lastNTurns(turns: number): ContextSpec<never, never> {
  return history(
    turnWindowStage(`C.lastNTurns(${turns})`, parsePositiveInteger('C.lastNTurns()', 'the number of turns', turns)),
  )
}

/**
 * State values as `[key]: value` lines (absent or `null` keys left out); history untouched.
 * @example C.fromState('findings', 'tone')
 */
export function fromState<const $Key extends string>(...keys: $Key[]): ContextSpec<$Key, never> {
  parseStateKeys(keys, ['C.fromState()'], "C.fromState('draft')")
  return createContextSpec([createStatePart(keys)])
}

/**
 * The user's messages and those of the named agents.
 * @example C.fromAgents('researcher', 'critic')
 */
export function fromAgents(...names: string[]): ContextSpec<never, never> {
  return history(fromAgentsStage(parseAgentNames('C.fromAgents()', names)))
}

/**
 * Every event except those of the named agents.
 * @example C.excludeAgents('logger')
 */
export function excludeAgents(...names: string[]): ContextSpec<never, never> {
  return history(excludeAgentsStage(parseAgentNames('C.excludeAgents()', names)))
}

/**
 * Text with `{key}` / `{key?}` resolved from state at run time (core's template engine); history untouched.
 * @example C.template('The user is working on {project}.')
 */
export function template<const $Text extends string>(text: $Text): ContextSpec<TemplateRequiredKeys<$Text>, never> {
  if (typeof text !== 'string' || text.trim().length === 0) {
    throwConfigIssue(
      ['C.template()'],
      'the text is empty or not a string.',
      "Pass a template such as C.template('Project: {project}').",
    )
  }
  const variables = templateVariables(text)
  const stateVariable = (key: string): boolean => !key.startsWith('artifact.')
  const optional = variables.optional.filter((key) => stateVariable(key) && !variables.required.includes(key))
  const keys = [...variables.required, ...variables.optional].filter(stateVariable)
  return createContextSpec([createTemplatePart(text, keys, optional)])
}

/**
 * The events matching every criterion: by author, by type (`message`, `tool-call`, `tool-result`), by tag
 * (`customMetadata.tags` of the event) and/or a predicate over the rendered item.
 * @example C.select({ author: ['user', 'planner'], type: 'message' })
 */
export function select(selection: ContextSelection): ContextSpec<never, never> {
  const author = selection?.author
  const authors = author === undefined ? [] : typeof author === 'string' ? [author] : author
  if (
    !selection ||
    (author === undefined &&
      selection.where === undefined &&
      selection.type === undefined &&
      selection.tag === undefined)
  ) {
    throwConfigIssue(
      ['C.select()'],
      'nothing to select by.',
      "Pass { author: 'planner' }, { type: 'message' }, { tag: 'decision' } and/or { where: (item) => boolean }.",
    )
  }
  if (author !== undefined) parseAgentNames('C.select()', authors)
  if (selection.type !== undefined) {
    const types = typeof selection.type === 'string' ? [selection.type] : selection.type
    for (const type of types as unknown[])
      parseChoice('C.select()', 'type', type, ['message', 'tool-call', 'tool-result'] as const)
  }
  if (selection.tag !== undefined) {
    const tags = typeof selection.tag === 'string' ? [selection.tag] : selection.tag
    if (
      !Array.isArray(tags) ||
      tags.length === 0 ||
      tags.some((tag: unknown) => typeof tag !== 'string' || tag.length === 0)
    ) {
      throwConfigIssue(
        ['C.select()', 'tag'],
        'must be a non-empty string or a list of them.',
        "Pass one such as { tag: 'decision' }.",
      )
    }
  }
  if (selection.where !== undefined && typeof selection.where !== 'function') {
    throwConfigIssue(['C.select()', 'where'], 'must be a function.', 'Pass { where: (item) => boolean }.')
  }
  return history(selectStage(selection))
}

/**
 * The last `maxTurns` turns and/or the newest text within about `maxTokens` tokens (4 characters a token; the
 * oldest kept event is cut, keeping its end).
 * @example C.truncate({ maxTurns: 10, maxTokens: 2000 })
 */
export function truncate(limits: TruncateLimits): ContextSpec<never, never> {
  if (!limits || (limits.maxTurns === undefined && limits.maxTokens === undefined)) {
    throwConfigIssue(
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
  return history(truncateStage(call, parsed))
}

/**
 * The newest whole events whose lines fit in about `maxTokens` tokens (4 characters a token).
 * @example C.budget({ maxTokens: 4000 })
 */
export function budget(limits: { readonly maxTokens: number }): ContextSpec<never, never> {
  const maxTokens = parsePositiveInteger('C.budget()', 'maxTokens', limits?.maxTokens)
  return history(budgetStage(`C.budget({ maxTokens: ${maxTokens} })`, maxTokens))
}

/**
 * Replaces every match of the patterns (RegExps, or strings holding one) with `[REDACTED]`.
 * @example C.window(5).pipe(C.redact(/\b\d{16}\b/))
 */
export function redact(...patterns: (RegExp | string)[]): ContextSpec<never, never> {
  return history(redactStage(parseRedactPatterns(patterns)))
}

/**
 * Drops events whose author and text repeat a newer event.
 * @example C.dedup()
 */
export function dedup(): ContextSpec<never, never> {
  return history(dedupStage())
}

/**
 * Collapses runs of tool calls into `[author]: [tool calls: N interactions]`.
 * @example C.compact()
 */
export function compact(): ContextSpec<never, never> {
  return history(compactStage())
}

/**
 * The kept history replaced by a `[summary]: …` line written by `model` (a core `BaseLlm` or a model name; left
 * out, the agent's own model). Pipe a window in front to bound what is sent: `C.window(20).pipe(C.summarize())`.
 * @example C.summarize({ model: new Gemini({ model: 'gemini-2.5-flash' }) })
 */
export function summarize(
  options: { readonly model?: ContextModel; readonly prompt?: string } = {},
): ContextSpec<never, never> {
  if (typeof options !== 'object' || options === null) {
    throwConfigIssue(
      ['C.summarize()'],
      `expected an options object, got ${formatArgument(options)}.`,
      'Pass C.summarize() or C.summarize({ model, prompt }).',
    )
  }
  const model = parseContextModel('C.summarize()', options?.model)
  if (options.prompt !== undefined && (typeof options.prompt !== 'string' || options.prompt.trim().length === 0)) {
    throwConfigIssue(
      ['C.summarize()', 'prompt'],
      'must be a non-empty string.',
      'Pass the instruction given to the summarizing model, or leave it out.',
    )
  }
  return history(summarizeStage(model, options.prompt))
}

/**
 * The `topK` events (default 5) that `model` (left out, the agent's own) ranks most relevant to a query, taken from the state key `queryKey`
 * or given as `query`; kept in their original order.
 * @example C.relevant({ model, queryKey: 'question', topK: 3 })
 */
export function relevant(
  options: { readonly model?: ContextModel; readonly topK?: number } & (
    | { readonly queryKey: string; readonly query?: never }
    | { readonly query: string; readonly queryKey?: never }
  ),
): ContextSpec<never, never> {
  const model = parseContextModel('C.relevant()', options?.model)
  const topK = options.topK === undefined ? 5 : parsePositiveInteger('C.relevant()', 'topK', options.topK)
  const hasKey = options.queryKey !== undefined
  const hasQuery = options.query !== undefined
  if (hasKey === hasQuery) {
    throwConfigIssue(
      ['C.relevant()'],
      'needs exactly one of queryKey (a state key holding the query) and query (the query text).',
      "For example C.relevant({ model, queryKey: 'question' }).",
    )
  }
  if (hasKey) {
    parseStateKey(options.queryKey, ['C.relevant()'])
    return history(relevantStage(model, { queryKey: options.queryKey as string }, topK))
  }
  if (typeof options.query !== 'string' || options.query.trim().length === 0) {
    throwConfigIssue(
      ['C.relevant()', 'query'],
      `must be a non-empty string, got ${formatArgument(options.query)}.`,
      "Pass the query text, or { queryKey: 'question' } to read it from state.",
    )
  }
  return history(relevantStage(model, { query: options.query }, topK))
}
