import type { AgentNode } from '../ir/agent-node.js'
import { effectiveContext } from '../ir/effective-context.js'
import { compileContext, describeContext } from '../namespaces/context/compile-context.js'
import type { HistoryItem } from '../namespaces/context/history-item.js'
import type { HistoryStage } from '../namespaces/context/history-stage.js'

function keepsItem(stages: readonly HistoryStage[], item: HistoryItem): boolean {
  let items: readonly HistoryItem[] = [item]
  for (const stage of stages) {
    if (stage.run.mode === 'collect') return true
    items = [...stage.run.stream(items)]
    if (items.length === 0) return false
  }
  return true
}

function historyStagesOf(agent: AgentNode): (readonly HistoryStage[])[] {
  return effectiveContext(agent)?.parts.flatMap((part) => (part.stages ? [part.stages] : [])) ?? []
}

/**
 * Whether `consumer` sees a text answer of `producer` in its conversation: with native history, yes; with history
 * suppressed, only when one of its history policies (`C.window`, `C.fromAgents`, …) keeps the producer's messages.
 * Returns the reason when it does not (`.reads('topic') hides the history`).
 */
export function hiddenAnswerReason(consumer: AgentNode, producer: string): string | undefined {
  const context = effectiveContext(consumer)
  // ADK's current turn ('none') shows the reply of the agent just before: not hidden as far as a static check can tell.
  if (!context || compileContext(context).includeContents !== 'isolated') return undefined
  const item: HistoryItem = { author: producer, text: 'answer', toolCalls: 0, toolResponses: 0, toolOnly: false }
  try {
    if (historyStagesOf(consumer).some((stages) => keepsItem(stages, item))) return undefined
  } catch {
    return undefined
  }
  if (consumer.reads && !consumer.reads.keepHistory && !consumer.context)
    return `.reads() hides the conversation history`
  return `its context (${describeContext(context)}) leaves out ${producer}'s messages`
}
