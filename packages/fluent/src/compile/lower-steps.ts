import type { BaseAgent } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import type { GateNode } from '../ir/gate-node.js'
import { GateAgent } from '../agents/gate-agent.js'
import { childNames } from './child-names.js'
import type { LowerFunction, RestOfSequence } from './lower-function.js'

/** A `GateAgent` for `node`, holding the steps after it in its pipeline as its sub-agents. */
export function lowerGate(node: GateNode, name: string, rest: RestOfSequence): GateAgent {
  return new GateAgent({ name, subAgents: rest(), predicate: node.predicate, message: node.message, key: node.key })
}

/**
 * Lowers the steps of a pipeline or loop body (plus `trailing` agents, such as a loop checkpoint) with distinct
 * names. Each step's lowering is offered the rest of the sequence; a kind that takes it (a gate, so that a closed gate
 * stops the rest of the sequence) ends this level.
 */
export function lowerSequenceSteps(
  steps: readonly FlowNode[],
  lower: LowerFunction,
  trailing: (names: readonly string[]) => readonly BaseAgent[] = () => [],
): BaseAgent[] {
  const names = childNames(steps)
  const build = (from: number): BaseAgent[] => {
    const agents: BaseAgent[] = []
    for (let index = from; index < steps.length; index++) {
      const step = steps[index] as FlowNode
      const name = names[index] as string
      let holdsRest = false
      agents.push(
        lower(step, name, () => {
          holdsRest = true
          return build(index + 1)
        }),
      )
      if (holdsRest) return agents
    }
    return [...agents, ...trailing(names)]
  }
  return build(0)
}
