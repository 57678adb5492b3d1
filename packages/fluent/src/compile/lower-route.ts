import type { BaseAgent } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import type { RouteNode } from '../ir/route-node.js'
import { RouteAgent, type RouteAgentRule } from '../agents/route-agent.js'
import { matchesRouteOperator } from '../agents/route-operators.js'
import { childNames } from './child-names.js'
import type { LowerFunction } from './lower-function.js'
import { workflowConfig } from './workflow-config.js'

/** Lowers a `Route`: each distinct target becomes one sub-agent (a target named by several rules is built once). */
export function lowerRoute(node: RouteNode, name: string, lower: LowerFunction): RouteAgent {
  const targets = [
    ...new Set<FlowNode>([...node.rules.map((rule) => rule.target), ...(node.otherwise ? [node.otherwise] : [])]),
  ]
  const names = childNames(targets)
  const agents = new Map<FlowNode, BaseAgent>(
    targets.map((target, index) => [target, lower(target, names[index] as string)]),
  )
  const rules = node.rules.map((rule): RouteAgentRule => {
    const agent = agents.get(rule.target) as BaseAgent
    if (rule.operator === 'when') {
      const { predicate } = rule
      return { agent, test: (_value, state) => predicate(state()) }
    }
    const { operator, value: expected } = rule
    return { agent, test: (value) => matchesRouteOperator(operator, value, expected) }
  })
  return new RouteAgent({
    ...workflowConfig(node, name, [...agents.values()]),
    key: node.key,
    rules,
    otherwise: node.otherwise ? agents.get(node.otherwise) : undefined,
  })
}
