import { hasDynamicBlocks } from './prompt-block.js'
import type { PromptSpec } from './prompt-spec.js'
import { layoutPrompt } from './layout-prompt.js'
import { createPromptProvider, type PromptProvider } from './prompt-provider.js'

export { isPromptSpec } from './prompt-spec.js'
export type { PromptSpec } from './prompt-spec.js'
export type { PromptProvider } from './prompt-provider.js'
export { describePrompt } from './describe-prompt.js'
export { promptStateKeys } from './prompt-state-keys.js'

/**
 * Compiles a prompt. Only static blocks and no model rewrite → the rendered string (its `{key}` templates are left for the agent's
 * instruction processing, as for any string instruction). Any `P.when`, `P.fromState` or `P.template` block → an
 * instruction provider that renders the prompt against the session state **at run time**, resolving every `{key}`
 * template itself (core does not template a provider's output). `P.compress` / `P.adapt` make it a provider too: the
 * rendered text is rewritten by their model at run time (once per invocation for the same text).
 *
 * Sections render in the fixed order role (no header), context, task, constraint, format, example, then custom
 * sections in insertion order; each is `Label:\n<body>`, blocks of one section one per line, sections joined by a
 * blank line.
 */
export function compilePrompt(spec: PromptSpec): string | PromptProvider {
  if (hasDynamicBlocks(spec.blocks) || promptUsesModel(spec)) return createPromptProvider(spec)
  return layoutPrompt(spec, {
    text: (block) => [block.text],
    state: () => [],
    include: () => false,
  })
}

/** True when the prompt is rewritten by a model at run time (`P.compress`, `P.adapt`). */
export function promptUsesModel(spec: PromptSpec): boolean {
  return spec.transforms.some((transform) => transform.kind === 'prompt-model')
}
