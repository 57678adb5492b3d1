import type { AgentNode } from '../ir/agent-node.js'
import type { NodeVisit } from '../check/node-visit.js'
import { judgeInstruction } from '../namespaces/guards/run-judge.js'

/** How previews show one guard: its label and where it looks (`G.pii({ … }) on input+output`). */
export function guardLabels(node: AgentNode): string[] {
  return node.guards.map((guard) => {
    const where = guard.on === 'both' ? 'input+output' : guard.on
    return `${guard.label} on ${where}`
  })
}

/**
 * The middleware around an agent's model calls: that of its enclosing nodes (outermost first), then its own,
 * by plugin name. Runner plugins are not known here.
 */
export function middlewareNames(visit: NodeVisit): string[] {
  const chain: NodeVisit[] = []
  for (let current: NodeVisit | undefined = visit; current; current = current.parent) chain.unshift(current)
  const names = chain.flatMap((step) => (step.node.middleware ?? []).map((plugin) => plugin.name))
  return [...new Set(names)]
}

/** The anatomy lines of an agent's guards and middleware (none when it has neither). */
export function guardAnatomyItems(visit: NodeVisit, item: (label: string, value: string) => string[]): string[] {
  const node = visit.node as AgentNode
  const lines: string[] = []
  if (node.guards.length > 0) {
    const judges = node.guards.flatMap((guard) =>
      guard.judge
        ? [
            `→ ${guard.name}: a separate model call (${guard.judge.model === undefined ? "the agent's model" : typeof guard.judge.model === 'string' ? guard.judge.model : guard.judge.model.model}) receives "${judgeInstruction(guard.judge.criteria).split('\n')[0]}" with the ${guard.on === 'input' ? 'input' : 'answer'}; a block verdict or a failed judge fails the run`,
          ]
        : [],
    )
    lines.push(...item('7. Guards:', [...guardLabels(node), ...judges].join('\n')))
  }
  const middleware = middlewareNames(visit)
  if (middleware.length > 0) lines.push(...item('8. Middleware:', middleware.join(', ')))
  return lines
}
