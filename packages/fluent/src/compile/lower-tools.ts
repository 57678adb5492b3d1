import { AgentTool, type BaseTool } from '@adk-fluent/core'
import { toTools } from '../namespaces/tools/compose-tools.js'
import type { AgentToolEntry } from '../ir/agent-node.js'
import type { LowerFunction } from './lower-function.js'

/** Fresh core tools for an agent's entries, in order: tools as given, `T` composites expanded, agents as `AgentTool`s. */
export function lowerTools(entries: readonly AgentToolEntry[], lower: LowerFunction): BaseTool[] {
  return entries.flatMap((entry): BaseTool[] => {
    switch (entry.kind) {
      case 'tool':
        return [entry.tool]
      case 'tool-composite':
        return toTools(entry.composite)
      case 'agent-tool':
        return [new AgentTool({ agent: lower(entry.agent, entry.agent.name) })]
    }
  })
}
