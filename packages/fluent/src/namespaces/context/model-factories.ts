import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import type { z } from 'zod'
import { isZodSchema } from '@adk-fluent/core/internal'
import { historySpec, type ContextSpec } from './context-spec.js'
import { fitStage, manusCascadeStage, rollingStage, type FitStrategy } from './cascade-stages.js'
import { distillStage, extractStage, validateStage, type ContextCheck } from './extract-stages.js'
import { relevantStage, summarizeStage } from './model-stages.js'
import { parseContextModel, type ContextModel } from './context-model.js'
import {
  parseChoice,
  parseCount,
  parseFlag,
  parseKeyName,
  parseOptionsObject,
  parsePositiveInteger,
} from './parse-context-options.js'
import { parseStateKey } from '../../parse/parse-state-key.js'
import { formatArgument } from '../shared/format-argument.js'
import { isBaseLlm } from '@adk-fluent/core'

/**
 * The history made to fit about `maxTokens` tokens (default 4000; 4 characters a token). `strict` (default) keeps
 * the newest text, cutting the oldest kept event; `cascade` first collapses tool calls and drops duplicates, then
 * has the model summarize the older events (the newest within half the budget stay verbatim), then cuts to fit.
 * @example C.fit({ maxTokens: 2000, strategy: 'cascade' })
 */
export function fit(options?: {
  readonly maxTokens?: number
  readonly strategy?: FitStrategy
  readonly model?: ContextModel
}): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.fit()', options, 'C.fit({ maxTokens: 4000 })')
  const maxTokens = parseCount('C.fit()', 'maxTokens', parsed['maxTokens'], 4000, 'C.fit({ maxTokens: 4000 })')
  const strategy = parseChoice('C.fit()', 'strategy', parsed['strategy'], ['strict', 'cascade'] as const)
  const model = parseContextModel('C.fit()', parsed['model'])
  if (model !== undefined && strategy === 'strict') {
    throwConfigIssue(
      'options_conflict',
      ['C.fit()', 'model'],
      "a model is only used by strategy 'cascade'.",
      "Pass { strategy: 'cascade', model }, or leave the model out.",
    )
  }
  return historySpec(fitStage(maxTokens, strategy, model))
}

/**
 * The last `n` turns verbatim (default 5); with `summarize: true`, the older events first, as one
 * `<earlier_context_summary>` block written by the model.
 * @example C.rolling({ n: 3, summarize: true })
 */
export function rolling(options?: {
  readonly n?: number
  readonly summarize?: boolean
  readonly model?: ContextModel
}): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.rolling()', options, 'C.rolling({ n: 5 })')
  const turns = parseCount('C.rolling()', 'n', parsed['n'], 5, 'C.rolling({ n: 5 })')
  const summarize = parseFlag('C.rolling()', 'summarize', parsed['summarize'])
  const model = parseContextModel('C.rolling()', parsed['model'])
  if (model !== undefined && !summarize) {
    throwConfigIssue(
      'options_conflict',
      ['C.rolling()', 'model'],
      'a model is only used with summarize: true.',
      'Pass { summarize: true, model }, or leave the model out.',
    )
  }
  return historySpec(rollingStage(turns, summarize, model))
}

/**
 * The Manus-style cascade within `budget` tokens (default 8000): tool calls collapsed, duplicates dropped, older
 * events summarized by the model when still over budget, then cut to fit.
 * @example C.manusCascade({ budget: 4000 })
 */
export function manusCascade(options?: {
  readonly budget?: number
  readonly model?: ContextModel
}): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.manusCascade()', options, 'C.manusCascade({ budget: 8000 })')
  const budget = parseCount('C.manusCascade()', 'budget', parsed['budget'], 8000, 'C.manusCascade({ budget: 8000 })')
  return historySpec(manusCascadeStage(budget, parseContextModel('C.manusCascade()', parsed['model'])))
}

/**
 * The model extracts structured data from the history, shown as one `[key]: {json}` line (key `extracted` by
 * default) in place of the history: the fields of a zod `schema`, or the named `fields`.
 * @example C.extract({ fields: ['destination', 'budget'], key: 'trip' })
 */
export function extract(
  options: (
    | { readonly schema: z.ZodType; readonly fields?: never }
    | { readonly fields: readonly string[]; readonly schema?: never }
  ) & {
    readonly key?: string
    readonly model?: ContextModel
  },
): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.extract()', options ?? null, "C.extract({ fields: ['destination'] })")
  const key = parseKeyName('C.extract()', 'key', parsed['key'], 'extracted')
  const model = parseContextModel('C.extract()', parsed['model'])
  const { schema, fields } = parsed
  if ((schema === undefined) === (fields === undefined)) {
    throwConfigIssue(
      'options_conflict',
      ['C.extract()'],
      'pass exactly one of schema and fields.',
      "For example C.extract({ fields: ['destination', 'budget'] }) or C.extract({ schema: z.object({ ... }) }).",
    )
  }
  if (schema !== undefined) {
    if (!isZodSchema(schema))
      throwConfigIssue(
        'schema_invalid',
        ['C.extract()', 'schema'],
        `expected a zod schema, got ${describeValue(schema)}.`,
        'For example z.object({ destination: z.string() }).',
      )
    return historySpec(extractStage({ schema: schema as z.ZodType }, key, model))
  }
  if (
    !Array.isArray(fields) ||
    fields.length === 0 ||
    fields.some((field) => typeof field !== 'string' || field.length === 0)
  ) {
    throwConfigIssue(
      'list_invalid',
      ['C.extract()', 'fields'],
      `expected a non-empty list of field names, got ${describeValue(fields)}.`,
      "For example { fields: ['destination'] }.",
    )
  }
  return historySpec(extractStage({ fields: fields as string[] }, key, model))
}

/**
 * The history replaced by the key facts the model lists (`- fact` lines), shown as one `[key]: …` entry (key
 * `facts` by default).
 * @example C.window(20).pipe(C.distill())
 */
export function distill(options?: { readonly key?: string; readonly model?: ContextModel }): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.distill()', options, "C.distill({ key: 'facts' })")
  return historySpec(
    distillStage(
      parseKeyName('C.distill()', 'key', parsed['key'], 'facts'),
      parseContextModel('C.distill()', parsed['model']),
    ),
  )
}

/**
 * The history, followed by one `<warning>…</warning>` line per failed check. A check is a question the model
 * answers about the conversation (all text checks in one call), or a function `(transcript) => warning | undefined`
 * run locally. A trailing `{ model }` picks the model.
 * @example C.window(10).pipe(C.validate('The user stated a budget.', (text) => (text.includes('TODO') ? 'unfinished TODO' : undefined)))
 */
export function validate(...checks: (ContextCheck | { readonly model: ContextModel })[]): ContextSpec<never, never> {
  const last = checks[checks.length - 1]
  const options = typeof last === 'object' && last !== null ? last : undefined
  if (
    options !== undefined &&
    !('model' in options && (isBaseLlm(options.model) || typeof options.model === 'string'))
  ) {
    throwConfigIssue(
      'list_invalid',
      ['C.validate()', checks.length - 1],
      `expected a check or a trailing { model }, got ${describeValue(last)}.`,
      "For example C.validate('The user stated a budget.', { model }).",
    )
  }
  const list = (options ? checks.slice(0, -1) : checks) as unknown[]
  if (list.length === 0)
    throwConfigIssue(
      'items_missing',
      ['C.validate()'],
      'no checks given.',
      "Pass questions or functions, for example C.validate('The user stated a budget.').",
    )
  list.forEach((check, index) => {
    if ((typeof check !== 'string' || check.trim().length === 0) && typeof check !== 'function') {
      throwConfigIssue(
        'list_invalid',
        ['C.validate()', index],
        `expected a question or a function, got ${describeValue(check)}.`,
        "For example C.validate('The user stated a budget.').",
      )
    }
  })
  return historySpec(validateStage(list as ContextCheck[], parseContextModel('C.validate()', options?.model)))
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
      'options_invalid',
      ['C.summarize()'],
      `expected an options object, got ${formatArgument(options)}.`,
      'Pass C.summarize() or C.summarize({ model, prompt }).',
    )
  }
  const model = parseContextModel('C.summarize()', options?.model)
  if (options.prompt !== undefined && (typeof options.prompt !== 'string' || options.prompt.trim().length === 0)) {
    throwConfigIssue(
      'text_invalid',
      ['C.summarize()', 'prompt'],
      'must be a non-empty string.',
      'Pass the instruction given to the summarizing model, or leave it out.',
    )
  }
  return historySpec(summarizeStage(model, options.prompt))
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
      'options_conflict',
      ['C.relevant()'],
      'needs exactly one of queryKey (a state key holding the query) and query (the query text).',
      "For example C.relevant({ model, queryKey: 'question' }).",
    )
  }
  if (hasKey) {
    parseStateKey(options.queryKey, ['C.relevant()'])
    return historySpec(relevantStage(model, { queryKey: options.queryKey as string }, topK))
  }
  if (typeof options.query !== 'string' || options.query.trim().length === 0) {
    throwConfigIssue(
      'text_invalid',
      ['C.relevant()', 'query'],
      `must be a non-empty string, got ${formatArgument(options.query)}.`,
      "Pass the query text, or { queryKey: 'question' } to read it from state.",
    )
  }
  return historySpec(relevantStage(model, { query: options.query }, topK))
}
