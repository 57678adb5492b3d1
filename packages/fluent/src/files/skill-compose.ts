import type { AgentBuilder } from '../builders/agent-builder.js'
import type { FlowBuilder } from '../builders/flow-builder.js'
import { FanOut, Loop, Pipeline } from '../builders/workflow-factories.js'
import type { FlowNode } from '../ir/flow-node.js'
import { toIdentifier } from '../parse/to-identifier.js'
import type { SkillDefinition } from './skill-file.js'
import type { TopologyNode } from './skill-topology.js'

/** The name a part of the topology gets, as the builder operators name it (`a_then_b`, `b_and_c`, `x_x3`). */
function partName(node: TopologyNode): string {
  switch (node.kind) {
    case 'agent':
      return node.name
    case 'sequence':
      return node.steps.map(partName).join('_then_')
    case 'parallel':
      return node.branches.map(partName).join('_and_')
    case 'loop':
      return `${partName(node.body)}_x${node.count}`
  }
}

function compose(node: TopologyNode, agents: ReadonlyMap<string, AgentBuilder>, name: string): FlowBuilder {
  switch (node.kind) {
    case 'agent':
      return agents.get(node.name) as AgentBuilder
    case 'sequence':
      return node.steps.reduce((flow, step) => flow.step(compose(step, agents, partName(step))), Pipeline(name))
    case 'parallel':
      return node.branches.reduce(
        (flow, branch) => flow.branch(compose(branch, agents, partName(branch))),
        FanOut(name),
      )
    case 'loop': {
      const steps = node.body.kind === 'sequence' ? node.body.steps : [node.body]
      return steps
        .reduce((flow, step) => flow.step(compose(step, agents, partName(step))), Loop(name))
        .maxIterations(node.count)
    }
  }
}

/**
 * The skill's tree: its topology (or, without one, its agents in the listed order), the outermost workflow named
 * after the skill and the inner ones as the builder operators name them. A single agent is the tree itself. @internal
 */
export function composeTopology(definition: SkillDefinition, agents: ReadonlyMap<string, AgentBuilder>): FlowNode {
  const topology: TopologyNode = definition.topology ?? {
    kind: 'sequence',
    steps: definition.agents.map((agent) => ({ kind: 'agent', name: agent.name, column: 0 })),
  }
  const only = topology.kind === 'sequence' && topology.steps.length === 1 ? topology.steps[0] : topology
  const root = only ?? topology
  const name = root.kind === 'agent' ? root.name : toIdentifier(definition.name, 'skill')
  const describe = definition.description
  const built = compose(root, agents, name)
  if (root.kind === 'agent' || describe === undefined) return built.node
  return (built as unknown as { describe(text: string): FlowBuilder }).describe(describe).node
}
