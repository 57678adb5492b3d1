import type { PromptCondition, PromptWhenBlock } from './prompt-block.js'
import type { PromptSpec } from './prompt-spec.js'
import { layoutPrompt } from './layout-prompt.js'

/**
 * The symbolic text of a prompt, for anatomy and explain views: the layout a run would produce, with `{key}`
 * templates left as written, `P.fromState` lines as `key: <state.key>`, and blocks of `P.when` prefixed with their
 * condition (`[when state.verbose] …`). Text functions attached with `.pipe(fn)` are not applied; they are listed
 * on a last line, as are model rewrites (`P.compress`, `P.adapt`) and the `P.versioned` tag with the fingerprint.
 */
export function describePrompt(spec: PromptSpec): string {
  const mappers = spec.transforms.filter((transform) => transform.kind === 'prompt-map')
  const rewrites = spec.transforms.flatMap((transform) => (transform.kind === 'prompt-model' ? [transform.call] : []))
  const structural = { ...spec, transforms: spec.transforms.filter((transform) => transform.kind !== 'prompt-map') }
  const text = layoutPrompt(structural, {
    text: (block, conditions) => [prefix(conditions) + block.text],
    state: (block, conditions) => block.keys.map((key) => `${prefix(conditions)}${key}: <state.${key}>`),
    include: () => true,
  })
  const names = mappers.map((transform) => (transform.kind === 'prompt-map' && transform.mapper.name) || '<function>')
  const notes = [
    spec.version === undefined ? '' : `[version ${spec.version}, fingerprint ${spec.fingerprint()}]`,
    names.length === 0 ? '' : `[then piped through ${names.join(', ')}]`,
    rewrites.length === 0 ? '' : `[then rewritten at run time by ${rewrites.join(', then ')}]`,
  ].filter(Boolean)
  return notes.length === 0 ? text : `${text}\n\n${notes.join('\n')}`
}

function prefix(conditions: readonly PromptWhenBlock[]): string {
  return conditions.map((block) => `[when ${describeCondition(block.condition)}] `).join('')
}

function describeCondition(condition: PromptCondition): string {
  if (condition.kind === 'state-key') return `state.${condition.key}`
  return condition.predicate.name ? `${condition.predicate.name}(state)` : 'predicate(state)'
}
