import { throwConfigIssue } from '../../parse/config-issue.js'
import type { TemplateRequiredKeys } from '../shared/template-keys.js'
import { createTextBlock } from './prompt-block.js'
import { createPromptSpec, type PromptSpec } from './prompt-spec.js'
import { parsePromptText } from './parse-prompt-text.js'
import { parseSectionName } from './section-name.js'

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
      'items_missing',
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
      'option_type_invalid',
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
