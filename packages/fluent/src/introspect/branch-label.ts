import { formatArgument } from '../namespaces/shared/format-argument.js'
import type { NodeVisit } from '../check/node-visit.js'

/**
 * How a child hangs off its parent, for graph and tree views: a route rule (`eq 'billing'`, `otherwise`), a
 * fallback attempt (`attempt 2`), `transfer` for sub-agents, `tool` for agent tools, `item` for a mapOver body;
 * `''` for the steps and branches of workflows.
 */
export function branchLabel(parent: NodeVisit, child: NodeVisit): string {
  const [label, index] = child.path.slice(parent.path.length, -1)
  const node = parent.node
  if (label === 'subAgents') return 'transfer'
  if (label === 'tools') return 'tool'
  if (label === 'attempts' && typeof index === 'number') return `attempt ${index + 1}`
  if (label === 'racers') return 'race'
  if (label === 'otherwise') return 'otherwise'
  if (label === 'branches' && typeof index === 'number' && node.kind === 'route') {
    const rule = node.rules[index]
    if (!rule) return ''
    return rule.operator === 'when'
      ? `when ${rule.predicate.name || 'predicate'}`
      : `${rule.operator} ${formatArgument(rule.value)}`
  }
  return ''
}
