import type { ConfigIssueInit } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import type { BaseAgent } from './base-agent.js'

/** A path prefix for an agent's issues: its name when it is a string, else `<ClassName>`. @internal */
export function agentPath(config: unknown, className: string): string {
  const name = isRecord(config) ? config['name'] : undefined
  return typeof name === 'string' && name.length > 0 ? name : `<${className}>`
}

/** True for a non-null, non-array object. @internal */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The issue of a constructor called without an options object (`new LlmAgent()` from JavaScript). @internal */
export function optionsIssue(config: unknown, className: string): ConfigIssueInit | undefined {
  if (isRecord(config)) return undefined
  return {
    code: 'options_invalid',
    path: [`<${className}>`],
    message: `new ${className}() needs an options object, got ${describeValue(config)}. Pass at least a name: new ${className}({ name: 'helper' }).`,
  }
}

/** Issues of a callback field: one function or an array of functions. @internal */
export function callbackIssues(path: readonly (string | number)[], field: string, value: unknown): ConfigIssueInit[] {
  if (value === undefined) return []
  const list = Array.isArray(value) ? value : [value]
  const issues: ConfigIssueInit[] = []
  list.forEach((item, index) => {
    if (typeof item === 'function') return
    issues.push({
      code: 'function_invalid',
      path: Array.isArray(value) ? [...path, field, index] : [...path, field],
      message: `${field} must be a function or an array of functions, got ${describeValue(item)}.`,
    })
  })
  return issues
}

/** Issues of an optional string field. @internal */
export function stringIssue(path: readonly (string | number)[], field: string, value: unknown): ConfigIssueInit[] {
  if (value === undefined || typeof value === 'string') return []
  return [
    {
      code: 'text_invalid',
      path: [...path, field],
      message: `${field} must be a string, got ${describeValue(value)}.`,
    },
  ]
}

/**
 * Names that make a transfer ambiguous: a transfer goes to the first agent of that name in the tree, so every agent
 * that can be a transfer target (a sub-agent of an LlmAgent, or an LlmAgent with sub-agents, which its children may
 * transfer back to) must have a name no other agent of the tree has. One issue per name, listing every path.
 * @internal
 */
export function ambiguousTransferIssues(
  rootName: string,
  subAgents: readonly BaseAgent[],
  isLlm: (agent: unknown) => boolean,
  rootIsLlm: boolean,
): ConfigIssueInit[] {
  // Runs in every agent's constructor: a leaf has nothing to check, and the common case (no name twice) counts
  // names without making a path per agent; the paths are collected only for a name found twice.
  if (subAgents.length === 0) return []
  const counts = new Map<string, number>([[rootName, 1]])
  const targets = new Set<string>()
  if (rootIsLlm) targets.add(rootName)
  for (const sub of subAgents) countNames(sub, rootIsLlm, isLlm, counts, targets)
  const issues: ConfigIssueInit[] = []
  for (const name of targets) {
    if ((counts.get(name) ?? 0) < 2) continue
    const found: string[][] = []
    if (rootName === name) found.push([rootName])
    for (const sub of subAgents) collectPaths(sub, [rootName, sub.name], name, found)
    issues.push({
      code: 'agent_name_ambiguous',
      path: [rootName],
      message: `agent name "${name}" is ambiguous: ${found.map((path) => path.join(' > ')).join(' and ')}. A transfer to "${name}" would always reach the first one. Give each agent a name unique in the tree, for example "${found[1]?.[found[1].length - 2] ?? name}_${name}".`,
    })
  }
  return issues
}

function countNames(
  agent: BaseAgent,
  parentIsLlm: boolean,
  isLlm: (agent: unknown) => boolean,
  counts: Map<string, number>,
  targets: Set<string>,
): void {
  counts.set(agent.name, (counts.get(agent.name) ?? 0) + 1)
  const llm = isLlm(agent)
  if (parentIsLlm || (llm && agent.subAgents.length > 0)) targets.add(agent.name)
  for (const sub of agent.subAgents) countNames(sub, llm, isLlm, counts, targets)
}

function collectPaths(agent: BaseAgent, path: string[], name: string, found: string[][]): void {
  if (agent.name === name) found.push(path)
  for (const sub of agent.subAgents) collectPaths(sub, [...path, sub.name], name, found)
}
