import { throwConfigIssue } from '../../parse/config-issue.js'
import { parseStateKey, parseStateKeys } from '../../parse/parse-state-key.js'
import type { TemplateRequiredKeys } from '../shared/template-keys.js'
import { createStateBlock, createTextBlock, createWhenBlock, type PromptPredicate } from './prompt-block.js'
import { createPromptSpec, isPromptSpec, type PromptSpec } from './prompt-spec.js'
import { parsePromptText } from './parse-prompt-text.js'

/**
 * Includes `block` only when, at run time, `condition(state)` is true, or the state key `condition` is truthy.
 * The block's parts go to their usual sections. Makes the prompt dynamic.
 * @example P.when('verbose', P.context('Explain every step.'))
 */
export function when(condition: PromptPredicate | string, block: PromptSpec): PromptSpec {
  if (typeof condition !== 'function') parseStateKey(condition, ['P.when()'])
  if (!isPromptSpec(block)) {
    throwConfigIssue(
      'prompt_invalid',
      ['P.when()'],
      "the block must be a prompt made by P.* (for example P.context('...')).",
      'Wrap plain text in P.context() or P.section().',
    )
  }
  if (block.transforms.length > 0) {
    throwConfigIssue(
      'prompt_invalid',
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
