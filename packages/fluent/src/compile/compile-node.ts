import { ConfigError, type BaseAgent, type ConfigIssue } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { nodeChildren } from '../ir/node-children.js'
import { contractErrors } from '../check/check-node.js'
import { lowerNode } from './lower-node.js'
import { validateNode } from '../check/validate-node.js'
import type { IssuePath } from '../parse/config-issue.js'

/** Options of {@link compileNode}. */
export interface CompileOptions {
  /** State keys present when the run starts, besides those declared with `.initialState()`. */
  readonly initialState?: readonly string[]
}

/**
 * What each LLM agent of the tree says when built on its own (an unknown model, a bad generation setting, …), placed
 * at its path in the tree. Agents are built only after the whole tree checks out, so without this a tree with both
 * kinds of mistakes would report these only once the others were fixed.
 */
function agentIssues(node: FlowNode, path: IssuePath): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  if (node.kind === 'agent') {
    try {
      lowerNode(node)
    } catch (error) {
      if (!ConfigError.isConfigError(error)) throw error
      // Core names the agent first (`[name, field]`); an issue of a sub-agent is found at the sub-agent's own place.
      for (const issue of error.issues)
        if (issue.path[0] === node.name) issues.push({ ...issue, path: [...path, ...issue.path.slice(1)] })
    }
  }
  for (const child of nodeChildren(node))
    issues.push(...agentIssues(child.node, [...path, ...child.segments, child.node.name]))
  return issues
}

/**
 * `build()`: validates the whole tree — structure, the error-level issues of the contract checker, and what each LLM
 * agent says when built on its own — (one `ConfigError` listing every problem with its path), then lowers it to a
 * fresh tree of core agents.
 */
export function compileNode(node: FlowNode, options: CompileOptions = {}): BaseAgent {
  const issues = [...validateNode(node), ...contractErrors(node, options)]
  if (issues.length > 0) {
    for (const issue of agentIssues(node, [node.name]))
      if (!issues.some((other) => other.code === issue.code && other.message === issue.message)) issues.push(issue)
    throw new ConfigError(issues, { agentName: node.name })
  }
  return lowerNode(node)
}
