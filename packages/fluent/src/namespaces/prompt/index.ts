import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'
import { createStateBlock, createTextBlock, createWhenBlock, type PromptPredicate } from './prompt-block.js'
import { createPromptSpec, isPromptSpec, type PromptSpec } from './prompt-spec.js'
import type { PromptSectionTransform } from './prompt-transform.js'
import { parsePromptText } from './parse-prompt-text.js'
import { parseSectionName } from './section-name.js'

import { throwConfigIssue } from '../../parse/config-issue.js'
import type { TemplateRequiredKeys } from '../../flow-types/template-keys.js'

export { adapt, compress, fingerprint, scaffolded, versioned } from './model-factories.js'
export type { PromptSpec } from './prompt-spec.js'
export type { PromptProvider } from './prompt-provider.js'
export type { PromptBlock, PromptCondition, PromptPredicate } from './prompt-block.js'
export type { PromptModelTransform, PromptTextMapper, PromptTransform } from './prompt-transform.js'

/**
 * The persona, rendered first and without a header.
 * @example P.role('You are a senior code reviewer.')
 */
export function role<const $Text extends string>(text: $Text): PromptSpec<TemplateRequiredKeys<$Text>> {
  return createPromptSpec([createTextBlock('role', parsePromptText('P.role()', text))])
}

/**
 * Background, rendered in the `Context:` section.
 * @example P.context('The code base is Python 3.11.')
 */
export function context<const $Text extends string>(text: $Text): PromptSpec<TemplateRequiredKeys<$Text>> {
  return createPromptSpec([createTextBlock('context', parsePromptText('P.context()', text))])
}

/**
 * What to do, rendered in the `Task:` section.
 * @example P.task('Review the provided code for bugs and style issues.')
 */
export function task<const $Text extends string>(text: $Text): PromptSpec<TemplateRequiredKeys<$Text>> {
  return createPromptSpec([createTextBlock('task', parsePromptText('P.task()', text))])
}

/**
 * Rules, one per line in the `Constraints:` section (several calls merge into that one section).
 * @example P.constraint('Be concise.', 'Focus on correctness.')
 */
export function constraint<const $Rule extends string>(...rules: $Rule[]): PromptSpec<TemplateRequiredKeys<$Rule>> {
  if (rules.length === 0)
    throwConfigIssue(
      ['P.constraint()'],
      'no rules given.',
      "Pass at least one rule, such as P.constraint('Be concise.').",
    )
  return createPromptSpec(
    rules.map((rule) => createTextBlock('constraint', parsePromptText('P.constraint()', rule, 'rule'))),
  )
}

/**
 * The expected output shape, rendered in the `Output Format:` section.
 * @example P.format('Return a bulleted list of findings.')
 */
export function format<const $Text extends string>(text: $Text): PromptSpec<TemplateRequiredKeys<$Text>> {
  return createPromptSpec([createTextBlock('format', parsePromptText('P.format()', text))])
}

/**
 * An example in the `Examples:` section: `{ input, output }` renders as `Input: …\nOutput: …`; a string as is.
 * @example P.example({ input: 'x = eval(user_input)', output: '- Security: injection risk via eval()' })
 */
export function example<const $Input extends string, const $Output extends string>(value: {
  readonly input: $Input
  readonly output: $Output
}): PromptSpec<TemplateRequiredKeys<$Input | $Output>>
export function example<const $Text extends string>(value: $Text): PromptSpec<TemplateRequiredKeys<$Text>>
export function example(value: { readonly input: string; readonly output: string } | string): PromptSpec {
  if (typeof value === 'string')
    return createPromptSpec([createTextBlock('example', parsePromptText('P.example()', value))])
  if (typeof value !== 'object' || value === null) {
    throwConfigIssue(
      ['P.example()'],
      'expected { input, output } or a string.',
      "Pass P.example({ input: '...', output: '...' }).",
    )
  }
  const input = parsePromptText('P.example()', value.input, 'input')
  const output = parsePromptText('P.example()', value.output, 'output')
  return createPromptSpec([createTextBlock('example', `Input: ${input}\nOutput: ${output}`)])
}

/**
 * A custom section, rendered after the built-in ones under its title-cased name (`style_guide` → `Style Guide:`).
 * A name equal to a built-in section (`task`, `constraints`, …) adds to that section.
 * @example P.section('style_guide', 'Follow PEP 8.')
 */
export function section<const $Text extends string>(
  name: string,
  text: $Text,
): PromptSpec<TemplateRequiredKeys<$Text>> {
  const id = parseSectionName('P.section()', name)
  return createPromptSpec([createTextBlock(id, parsePromptText('P.section()', text))])
}

/**
 * Includes `block` only when, at run time, `condition(state)` is true, or the state key `condition` is truthy.
 * The block's parts go to their usual sections. Makes the prompt dynamic.
 * @example P.when('verbose', P.context('Explain every step.'))
 */
export function when(condition: PromptPredicate | string, block: PromptSpec): PromptSpec {
  if (typeof condition !== 'function') parseStateKey(condition, ['P.when()'])
  if (!isPromptSpec(block)) {
    throwConfigIssue(
      ['P.when()'],
      "the block must be a prompt made by P.* (for example P.context('...')).",
      'Wrap plain text in P.context() or P.section().',
    )
  }
  if (block.transforms.length > 0) {
    throwConfigIssue(
      ['P.when()'],
      'the block carries transforms (P.only/P.without/P.reorder or .pipe()).',
      'Attach them to the outer prompt instead.',
    )
  }
  const parsed =
    typeof condition === 'function'
      ? ({ kind: 'predicate', predicate: condition } as const)
      : ({ kind: 'state-key', key: condition } as const)
  return createPromptSpec([createWhenBlock(parsed, block.blocks)])
}

/**
 * State values as `key: value` lines in the `Context:` section, read at run time; absent (or `null`) keys are
 * left out. Makes the prompt dynamic.
 * @example P.fromState('topic', 'audience')
 */
export function fromState(...keys: string[]): PromptSpec {
  parseStateKeys(keys, ['P.fromState()'], "P.fromState('draft')")
  return createPromptSpec([createStateBlock(keys)])
}

/**
 * Text with `{key}` (required) and `{key?}` (optional) templates resolved from state at run time by core's
 * template engine; rendered without a header after the built-in sections. Makes the prompt dynamic.
 * @example P.template('The user prefers {tone} answers about {topic?}.')
 */
export function template<const $Text extends string>(text: $Text): PromptSpec<TemplateRequiredKeys<$Text>> {
  return createPromptSpec([createTextBlock('template', parsePromptText('P.template()', text), true)])
}

/**
 * Keeps only the named sections (`role`, `context`, `task`, `constraints`, `format`, `examples`, custom names).
 * @example prompt.pipe(P.only('role', 'task'))
 */
export function only(...names: string[]): PromptSpec {
  return sectionTransform('prompt-only', 'P.only()', names)
}

/**
 * Drops the named sections.
 * @example prompt.pipe(P.without('examples'))
 */
export function without(...names: string[]): PromptSpec {
  return sectionTransform('prompt-without', 'P.without()', names)
}

/**
 * Renders the named sections first, in the given order; the others follow in their usual order.
 * @example prompt.pipe(P.reorder('task', 'role'))
 */
export function reorder(...names: string[]): PromptSpec {
  return sectionTransform('prompt-reorder', 'P.reorder()', names)
}

function sectionTransform(kind: PromptSectionTransform['kind'], factory: string, names: readonly string[]): PromptSpec {
  if (names.length === 0) {
    throwConfigIssue([factory], `no section names given.`, `Pass names such as 'task' or 'style_guide'.`)
  }
  const ids = names.map((name) => parseSectionName(factory, name))
  return createPromptSpec([], [Object.freeze({ kind, names: Object.freeze(ids) })])
}
