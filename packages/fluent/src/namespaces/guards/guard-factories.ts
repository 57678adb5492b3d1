import type { BaseLlm } from '@adk-fluent/core'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { describeValue } from '../../parse/describe-value.js'
import { guardChain, type GuardAction, type GuardChain, type GuardSide, type GuardSpec } from './guard-spec.js'
import { findPii, piiKinds, type PiiKind } from './pii-detectors.js'
import { findAcross, findInText, type GuardSpan } from './scan-text.js'

/** Options every guard takes. */
export interface GuardOptions {
  /** Where it looks: `'input'` (what the model receives), `'output'` (its answer) or `'both'`. */
  readonly on?: GuardSide
  /** The name errors and events use; default the guard's type (`'pii'`, `'length'`, …). */
  readonly name?: string
}

function side(value: unknown, fallback: GuardSide, path: readonly string[]): GuardSide {
  if (value === undefined) return fallback
  if (value === 'input' || value === 'output' || value === 'both') return value
  return throwConfigIssue(
    'choice_invalid',
    [...path, 'on'],
    `got ${describeValue(value)}`,
    "Pass on: 'input', 'output' or 'both'.",
  )
}

function action(value: unknown, fallback: GuardAction, path: readonly string[]): GuardAction {
  if (value === undefined) return fallback
  if (value === 'redact' || value === 'block') return value
  return throwConfigIssue(
    'choice_invalid',
    [...path, 'action'],
    `got ${describeValue(value)}`,
    "Pass action: 'redact' or 'block'.",
  )
}

/** The options object of a factory (`{}` when left out); anything else is a `ConfigError` at the call. */
function optionsOf<T extends object>(options: T | undefined, path: readonly string[]): T {
  if (options === undefined) return {} as T
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return throwConfigIssue(
      'options_invalid',
      path,
      `the options are ${describeValue(options)}`,
      "Pass an options object, such as { on: 'output' }.",
    )
  }
  return options
}

function nameOf(options: GuardOptions, fallback: string, path: readonly string[]): string {
  const name = options.name ?? fallback
  if (typeof name !== 'string' || name.length === 0) {
    throwConfigIssue('text_invalid', [...path, 'name'], `got ${describeValue(name)}`, 'Pass a non-empty string.')
  }
  return name
}

function one(spec: Omit<GuardSpec, 'kind'>): GuardChain {
  return guardChain([Object.freeze({ kind: 'guard' as const, ...spec })])
}

/** `scan`, `find` and `countAs` of a guard that knows where its findings are (counted by kind, or all as `countAs`). */
function spanning(
  find: (text: string) => readonly GuardSpan[],
  countAs?: string,
): Pick<GuardSpec, 'scan' | 'find' | 'countAs'> {
  return {
    find,
    ...(countAs === undefined ? {} : { countAs }),
    scan: (text) => {
      const finding = findAcross([text], [], find, countAs)
      return finding && { found: finding.found, redacted: finding.texts[0] as string }
    },
  }
}

/**
 * Personal data in what the model receives (user text, history, tool results) and in what it answers (`on`
 * defaults to `'both'`): emails, phone numbers, payment cards (Luhn-checked), IBANs (mod-97-checked), US SSNs, UK
 * National Insurance numbers, Spanish DNIs. `redact` (the default) replaces each finding with `[REDACTED:<kind>]`
 * in what the model receives (or in the answer) and notes the counts in the event's `customMetadata.guards`;
 * `block` fails the run with a `GuardViolationError` before the model is called.
 * @example Agent('support').guard(G.pii({ action: 'block', kinds: ['card', 'iban'] }))
 */
export function pii(
  options: GuardOptions & { readonly action?: GuardAction; readonly kinds?: readonly PiiKind[] } = {},
): GuardChain {
  const path = ['G.pii()']
  options = optionsOf(options, path)
  const kinds = options.kinds ?? piiKinds
  if (!Array.isArray(kinds) || kinds.length === 0 || kinds.some((kind) => !piiKinds.includes(kind))) {
    throwConfigIssue(
      'choice_invalid',
      [...path, 'kinds'],
      `got ${JSON.stringify(kinds)}`,
      `Pass some of: ${piiKinds.join(', ')}.`,
    )
  }
  const ordered = piiKinds.filter((kind) => kinds.includes(kind))
  const chosen = action(options.action, 'redact', path)
  return one({
    type: 'pii',
    name: nameOf(options, 'pii', path),
    on: side(options.on, 'both', path),
    action: chosen,
    label: `G.pii({ action: '${chosen}', kinds: [${ordered.join(', ')}] })`,
    ...spanning((text) => findPii(text, ordered)),
  })
}

/** Texts longer than `max` characters (checks the answer unless `on` says otherwise); always blocks. */
export function length(options: GuardOptions & { readonly max: number }): GuardChain {
  const path = ['G.length()']
  options = optionsOf(options, path)
  const max = options.max
  if (!Number.isInteger(max) || max < 0) {
    throwConfigIssue(
      'number_invalid',
      [...path, 'max'],
      `got ${describeValue(max)}`,
      'Pass max: a whole number of characters.',
    )
  }
  return one({
    type: 'length',
    name: nameOf(options, 'length', path),
    on: side(options.on, 'output', path),
    action: 'block',
    label: `G.length({ max: ${max} })`,
    scan: (text) => (text.length > max ? { found: { characters: text.length }, redacted: text } : undefined),
  })
}

/**
 * Texts matching `pattern` (checks the answer unless `on` says otherwise): `block` (the default) fails the run,
 * `redact` replaces every match with `[REDACTED:<name>]`.
 */
export function regex(
  pattern: RegExp | string,
  options: GuardOptions & { readonly action?: GuardAction } = {},
): GuardChain {
  const path = ['G.regex()']
  options = optionsOf(options, path)
  let source: RegExp
  try {
    source = typeof pattern === 'string' ? new RegExp(pattern) : pattern
  } catch (error) {
    return throwConfigIssue(
      'regex_invalid',
      [...path, 'pattern'],
      (error as Error).message,
      'Pass a valid regular expression.',
    )
  }
  if (!(source instanceof RegExp)) {
    throwConfigIssue(
      'regex_invalid',
      [...path, 'pattern'],
      `got ${describeValue(pattern)}`,
      'Pass a RegExp or a pattern string.',
    )
  }
  const global = new RegExp(source.source, source.flags.includes('g') ? source.flags : `${source.flags}g`)
  const name = nameOf(options, 'regex', path)
  const matchesOf = (text: string): GuardSpan[] => {
    const spans: GuardSpan[] = []
    global.lastIndex = 0
    for (let found = global.exec(text); found; found = global.exec(text)) {
      if (found[0].length === 0) global.lastIndex++
      else spans.push({ start: found.index, end: found.index + found[0].length, kind: name })
    }
    return spans
  }
  const chosen = action(options.action, 'block', path)
  return one({
    type: 'regex',
    name,
    on: side(options.on, 'output', path),
    action: chosen,
    label: `G.regex(${String(source)}, { action: '${chosen}' })`,
    // The pattern is tried on the text as written and as a guard reads it (invisible characters out, look-alikes as
    // Latin letters, full-width forms as ASCII): `/password/` also finds `pa\u200bssword` and `раssword`.
    ...spanning((text) => findInText(text, matchesOf, true), 'matches'),
  })
}

/**
 * An LLM judge: `model` is asked whether the answer (or, with `on`, the input) meets `criteria`, as JSON
 * `{ "verdict": "allow" | "block", "reason": "…" }`. A `block` verdict fails the run; so does a judge that errs or
 * answers anything else (fails closed). The judge's call shows in previews and traces. Without a model the agent's
 * own model judges (`.check()` flags it).
 */
export function judge(
  options: GuardOptions & { readonly model?: string | BaseLlm; readonly criteria: string },
): GuardChain {
  const path = ['G.judge()']
  options = optionsOf(options, path)
  const criteria = options.criteria
  if (typeof criteria !== 'string' || criteria.trim() === '') {
    throwConfigIssue(
      'text_invalid',
      [...path, 'criteria'],
      `got ${describeValue(criteria)}`,
      'Pass criteria: what an acceptable text is.',
    )
  }
  const model = options.model
  if (
    model !== undefined &&
    typeof model !== 'string' &&
    typeof (model as BaseLlm).generateContentAsync !== 'function'
  ) {
    throwConfigIssue(
      'model_invalid',
      [...path, 'model'],
      `got ${describeValue(model)}`,
      'Pass a model name or a BaseLlm instance.',
    )
  }
  const modelName = model === undefined ? 'agent model' : typeof model === 'string' ? model : model.model
  return one({
    type: 'judge',
    name: nameOf(options, 'judge', path),
    on: side(options.on, 'output', path),
    action: 'block',
    label: `G.judge({ model: '${modelName}', criteria: ${JSON.stringify(criteria)} })`,
    judge: Object.freeze({ model, criteria }),
  })
}
