import type { AgentNode } from '../ir/agent-node.js'

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
