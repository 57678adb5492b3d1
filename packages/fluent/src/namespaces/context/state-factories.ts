import { templateVariables } from '@adk-fluent/core/internal'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { parseStateKeys } from '../../parse/parse-state-key.js'
import type { TemplateRequiredKeys } from '../shared/template-keys.js'
import { createContextSpec, type ContextSpec } from './context-spec.js'
import { createStatePart, createTemplatePart } from './context-part.js'

/**
 * State values as `[key]: value` lines (absent or `null` keys left out); history untouched.
 * @example C.fromState('findings', 'tone')
 */
export function fromState<const $Key extends string>(...keys: $Key[]): ContextSpec<$Key, never> {
  parseStateKeys(keys, ['C.fromState()'], "C.fromState('draft')")
  return createContextSpec([createStatePart(keys)])
}

/**
 * Text with `{key}` / `{key?}` resolved from state at run time (core's template engine); history untouched.
 * @example C.template('The user is working on {project}.')
 */
export function template<const $Text extends string>(text: $Text): ContextSpec<TemplateRequiredKeys<$Text>, never> {
  if (typeof text !== 'string' || text.trim().length === 0) {
    throwConfigIssue(
      'template_invalid',
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
