import { isLlmAgent, type BaseAgent } from '@adk-fluent/core'

/** A plain summary of a built core agent tree, for golden tests. */
export interface AgentSummary {
  readonly type: string
  readonly name: string
  readonly [field: string]: unknown
}

function describeInstruction(instruction: unknown): unknown {
  return typeof instruction === 'function' ? '<provider>' : instruction
}

/** Summarises a core agent tree: class, name and the fields that differ from their defaults. */
export function summarizeAgent(agent: BaseAgent): AgentSummary {
  const summary: Record<string, unknown> = { type: agent.constructor.name, name: agent.name }
  if (agent.description) summary['description'] = agent.description
  if (agent.beforeAgentCallback.length > 0) summary['beforeAgentCallback'] = agent.beforeAgentCallback.length
  if (agent.afterAgentCallback.length > 0) summary['afterAgentCallback'] = agent.afterAgentCallback.length
  if (isLlmAgent(agent)) {
    if (agent.model !== undefined)
      summary['model'] = typeof agent.model === 'string' ? agent.model : `<${agent.model.constructor.name}>`
    if (agent.instruction !== '') summary['instruction'] = describeInstruction(agent.instruction)
    if (agent.globalInstruction !== '') summary['globalInstruction'] = describeInstruction(agent.globalInstruction)
    if (agent.staticInstruction !== undefined) summary['staticInstruction'] = agent.staticInstruction
    if (agent.includeContents !== 'default') summary['includeContents'] = agent.includeContents
    if (agent.outputKey !== undefined) summary['outputKey'] = agent.outputKey
    if (agent.tools.length > 0) summary['tools'] = agent.tools.map((tool) => tool.name)
    if (agent.disallowTransferToParent) summary['disallowTransferToParent'] = true
    if (agent.disallowTransferToPeers) summary['disallowTransferToPeers'] = true
    for (const field of [
      'beforeModelCallback',
      'afterModelCallback',
      'beforeToolCallback',
      'afterToolCallback',
    ] as const) {
      if (agent[field].length > 0) summary[field] = agent[field].length
    }
  }
  const maxIterations = (agent as { maxIterations?: unknown }).maxIterations
  if (maxIterations !== undefined) summary['maxIterations'] = maxIterations
  if (agent.subAgents.length > 0) summary['subAgents'] = agent.subAgents.map(summarizeAgent)
  return summary as AgentSummary
}

/** Every own enumerable plain object and array below `value` is frozen (functions, schemas and class instances are skipped). */
export function isDeeplyFrozen(value: unknown, seen = new Set<unknown>()): boolean {
  if (typeof value !== 'object' || value === null || seen.has(value)) return true
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) return true
  seen.add(value)
  if (!Object.isFrozen(value)) return false
  return Object.values(value).every((child) => isDeeplyFrozen(child, seen))
}
