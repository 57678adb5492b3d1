import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { createToolEntry, type ToolComposite, type ToolInput } from './tool-composite.js'
import { createToolComposite, toToolEntries } from './compose-tools.js'
import { CachedTool, EffectfulTool, TransformedTool, argumentsKey } from './wrapping-tools.js'
import { ConfirmedTool } from './confirmed-tool.js'
import { TimeoutTool } from './timeout-tool.js'

function parseKey(factory: string, key: unknown): (args: Record<string, unknown>) => string {
  if (key === undefined) return argumentsKey
  if (typeof key !== 'function')
    throwConfigIssue(
      'function_invalid',
      [factory, 'key'],
      `expected a function (args) => string, got ${describeValue(key)}.`,
      'For example { key: (args) => String(args.id) }.',
    )
  return (args) => String((key as (args: Record<string, unknown>) => unknown)(args))
}

/**
 * The tools, each answering equal arguments (or equal `key(args)`) from a cache for `ttlMs` milliseconds (default
 * 5 minutes); error results are not cached.
 * @example T.cache(T.fn(getExchangeRate), { ttlMs: 60_000 })
 */
export function cache(
  tools: ToolInput,
  options: { readonly ttlMs?: number; readonly key?: (args: Record<string, unknown>) => string } = {},
): ToolComposite {
  const ttlMs = options.ttlMs ?? 300_000
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throwConfigIssue(
      'number_invalid',
      ['T.cache()', 'ttlMs'],
      `expected a positive number of milliseconds, got ${JSON.stringify(ttlMs) ?? describeValue(ttlMs)}.`,
      'For example T.cache(tool, { ttlMs: 60000 }).',
    )
  }
  const key = parseKey('T.cache()', options.key)
  return createToolComposite(
    toToolEntries('T.cache()', tools).map((entry) => {
      const made = new CachedTool(entry.create(), ttlMs, key)
      return createToolEntry(entry.name, `T.cache(${entry.description}, ${ttlMs} ms)`, () => made)
    }),
  )
}

/**
 * The tools with their arguments rewritten by `pre` before each call and their result by `post` after it.
 * @example T.transform(T.fn(search), { pre: (args) => ({ ...args, limit: 5 }), post: (result) => ({ top: result }) })
 */
export function transform(
  tools: ToolInput,
  options: {
    readonly pre?: (args: Record<string, unknown>) => Record<string, unknown>
    readonly post?: (result: unknown) => unknown
  },
): ToolComposite {
  const { pre, post } = options ?? {}
  if (pre === undefined && post === undefined)
    throwConfigIssue(
      'option_missing',
      ['T.transform()'],
      'neither pre nor post given.',
      'Pass { pre: (args) => args } and/or { post: (result) => result }.',
    )
  if (pre !== undefined && typeof pre !== 'function')
    throwConfigIssue(
      'function_invalid',
      ['T.transform()', 'pre'],
      `expected a function, got ${describeValue(pre)}.`,
      'For example { pre: (args) => args }.',
    )
  if (post !== undefined && typeof post !== 'function')
    throwConfigIssue(
      'function_invalid',
      ['T.transform()', 'post'],
      `expected a function, got ${describeValue(post)}.`,
      'For example { post: (result) => result }.',
    )
  return createToolComposite(
    toToolEntries('T.transform()', tools).map((entry) =>
      createToolEntry(
        entry.name,
        `T.transform(${entry.description})`,
        () => new TransformedTool(entry.create(), pre, post),
      ),
    ),
  )
}

/**
 * The tools as idempotent side effects: the result of each effect key (`key(args)`, default the arguments) is kept
 * in session state (`_effects_<tool>`), and a repeated call with that key answers it without doing the effect again
 * (retries, resumed runs, loop rounds). Error results are not kept.
 * @example T.effectful(T.fn(sendInvoice), { key: (args) => String(args.invoiceId) })
 */
export function effectful(
  tools: ToolInput,
  options: { readonly key?: (args: Record<string, unknown>) => string } = {},
): ToolComposite {
  const key = parseKey('T.effectful()', options.key)
  return createToolComposite(
    toToolEntries('T.effectful()', tools).map((entry) =>
      createToolEntry(entry.name, `T.effectful(${entry.description})`, () => new EffectfulTool(entry.create(), key)),
    ),
  )
}

/**
 * The tools, each needing the user's approval before every call (`hint` is shown with the request).
 * @example T.confirm(T.fn(deleteFile))
 */
export function confirm(tools: ToolInput, options: { readonly hint?: string } = {}): ToolComposite {
  const entries = toToolEntries('T.confirm()', tools)
  return createToolComposite(
    entries.map((entry) =>
      createToolEntry(
        entry.name,
        `T.confirm(${entry.description})`,
        () => new ConfirmedTool(entry.create(), options.hint),
      ),
    ),
  )
}

/**
 * The tools, each call limited to `ms` milliseconds: a slower call answers
 * `{ error: "Tool '<name>' timed out after <ms> ms." }`.
 * @example T.timeout(T.fn(searchWeb), 5_000)
 */
export function timeout(tools: ToolInput, ms: number): ToolComposite {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) {
    throwConfigIssue(
      'number_invalid',
      ['T.timeout()'],
      `ms must be a positive number of milliseconds, got ${String(ms)}.`,
      `For example T.timeout(tool, 5000).`,
    )
  }
  const entries = toToolEntries('T.timeout()', tools)
  return createToolComposite(
    entries.map((entry) =>
      createToolEntry(entry.name, `T.timeout(${entry.description}, ${ms})`, () => new TimeoutTool(entry.create(), ms)),
    ),
  )
}
