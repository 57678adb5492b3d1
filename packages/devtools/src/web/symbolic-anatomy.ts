import type { FlowBuilder } from '@adk-fluent/fluent'

const headings = ['LLM Call Anatomy: ', 'Remote Agent: ']

/**
 * The symbolic anatomy block of the agent called `agent` (its block of `.llmAnatomy()`: an LLM agent's, or a remote
 * agent's, which shows its URL and what it sends and receives), or `undefined` when the tree has no such agent.
 */
export function symbolicAnatomy(builder: FlowBuilder<unknown>, agent: string): string | undefined {
  const blocks = builder.llmAnatomy().split(new RegExp(`\\n\\n(?=${headings.join('|')})`))
  return blocks.find((block) =>
    headings.some(
      (heading) =>
        block.startsWith(`${heading}${agent}\n`) ||
        block.startsWith(`${heading}${agent} (`) ||
        block === `${heading}${agent}`,
    ),
  )
}
