import type { FlowNode } from '../ir/flow-node.js'
import { formatLlmCall } from './format-llm-call.js'
import { previewLlmCalls, type LlmAnatomyOptions } from './preview-llm-calls.js'

export type { LlmAnatomyOptions, LlmCallPreview, LlmCallsPreview } from './preview-llm-calls.js'
export { previewLlmCalls } from './preview-llm-calls.js'

/**
 * `.llmAnatomy(options)`: every model call of a previewed run of the tree, in order, one block each (only the `at`
 * agent's calls when it is set).
 */
export async function resolvedLlmAnatomy(node: FlowNode, options: LlmAnatomyOptions): Promise<string> {
  const { calls, total } = await previewLlmCalls(node, options)
  if (calls.length === 0) return `LLM Call Anatomy: (no model calls in a run of "${node.name}")`
  return calls.map((call) => formatLlmCall(call, total)).join('\n\n')
}
