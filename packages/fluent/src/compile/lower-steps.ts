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
  // One rest-of-sequence function per level (not one per step): it is called, if at all, while `position`'s step is
  // lowered (a gate takes it at once), and that level ends right after. `holdsRest` is set after the nested levels
  // are built, since they reset it for their own steps.
  let position = 0
  let holdsRest = false
  const rest = (): BaseAgent[] => {
    const after = build(position + 1)
    holdsRest = true
    return after
  }
  const build = (from: number): BaseAgent[] => {
    const agents: BaseAgent[] = []
    for (let index = from; index < steps.length; index++) {
      position = index
      holdsRest = false
      agents.push(lower(steps[index] as FlowNode, names[index] as string, rest))
      if (holdsRest) return agents
    }
    const after = trailing(names)
    return after.length === 0 ? agents : [...agents, ...after]
  }
  return build(0)
}
