import type { AgentNode } from '../ir/agent-node.js'
import { toolPause, type ToolPause } from '../namespaces/tools/tool-pause.js'

/** The names the model calls an agent's own tools by, in order (`T` composites expanded, agent tools by agent name). */
export function agentToolNames(node: AgentNode): string[] {
  return node.tools.flatMap((entry) => {
    switch (entry.kind) {
      case 'tool':
        return [entry.tool.name]
      case 'tool-composite':
        return entry.composite.entries.map((item) => item.name)
      case 'agent-tool':
        return [entry.agent.name]
    }
  })
}

/** The agent's tools whose calls can pause a run (for approval, or until a long-running result arrives), in order. */
export function agentToolPauses(node: AgentNode): { readonly name: string; readonly pause: ToolPause }[] {
  return node.tools.flatMap((entry) => {
    if (entry.kind === 'tool') {
      const pause = toolPause(entry.tool)
      return pause ? [{ name: entry.tool.name, pause }] : []
    }
    if (entry.kind === 'agent-tool') return []
    return entry.composite.entries.flatMap((item) => (item.pause ? [{ name: item.name, pause: item.pause }] : []))
  })
}
