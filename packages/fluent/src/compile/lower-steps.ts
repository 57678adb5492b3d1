import type { BaseAgent } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { GateNode } from '../ir/gate-node.js'
import { GateAgent } from '../runtime/gate-agent.js'
import { childNames } from './child-names.js'
import type { LowerFunction } from './lower-function.js'

/** A `GateAgent` for `node`, holding `continuation` (the steps after it in its pipeline). */
export function lowerGate(node: GateNode, name: string, continuation: readonly BaseAgent[]): GateAgent {
  return new GateAgent({ name, subAgents: continuation, predicate: node.predicate, message: node.message, key: node.key })
}

/**
 * Lowers the steps of a pipeline or loop body (plus `trailing` agents, such as a loop checkpoint) with distinct
 * names. A `gate` step takes the steps after it as its sub-agents, so a closed gate stops the rest of the sequence.
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
      if (GateNode.is(step)) return [...agents, lowerGate(step, name, build(index + 1))]
      agents.push(lower(step, name))
    }
    return [...agents, ...trailing(names)]
  }
  return build(0)
}
