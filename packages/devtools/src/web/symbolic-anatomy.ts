import type { FlowBuilder } from '@adk-fluent/fluent'

const heading = 'LLM Call Anatomy: '

/**
 * The symbolic anatomy of the LLM agent called `agent` (its block of `.llmAnatomy()`), or `undefined` when the tree
 * has no LLM agent of that name.
 */
export function symbolicAnatomy(builder: FlowBuilder<unknown>, agent: string): string | undefined {
  const blocks = builder.llmAnatomy().split(new RegExp(`\\n\\n(?=${heading})`))
  return blocks.find((block) => block.startsWith(`${heading}${agent}\n`) || block === `${heading}${agent}`)
}
