import type { AgentBuilder } from '../builders/agent-builder.js'
import type { FlowBuilder } from '../builders/flow-builder.js'
import { FanOut, Loop, Pipeline } from '../builders/workflow-factories.js'
import type { FlowNode } from '../ir/flow-node.js'
import { toIdentifier } from '../parse/to-identifier.js'
import type { SkillDefinition } from './skill-file.js'
import type { TopologyNode } from './skill-topology.js'

/** A part of the topology composed with the builder operators (`a.then(b)`, `a.parallel(b)`, `x.times(n)`). */
function part(node: TopologyNode, agents: ReadonlyMap<string, AgentBuilder>): FlowBuilder {
  switch (node.kind) {
    case 'agent':
      return agents.get(node.name) as AgentBuilder
    case 'sequence':
      return node.steps
        .slice(1)
        .reduce<FlowBuilder>((flow, step) => flow.then(part(step, agents)), part(node.steps[0] as TopologyNode, agents))
    case 'parallel':
      return node.branches
        .slice(1)
        .reduce<FlowBuilder>(
          (flow, branch) => flow.parallel(part(branch, agents)),
          part(node.branches[0] as TopologyNode, agents),
        )
    case 'loop':
      return part(node.body, agents).times(node.count)
  }
}

/** The outermost part, named after the skill (`Pipeline(name)`, `FanOut(name)`, `Loop(name)`). */
function root(node: TopologyNode, agents: ReadonlyMap<string, AgentBuilder>, definition: SkillDefinition): FlowBuilder {
  const name = toIdentifier(definition.name, 'skill')
  const described = <T extends { describe(text: string): T }>(builder: T): T =>
    definition.description === undefined ? builder : builder.describe(definition.description)
  switch (node.kind) {
    case 'agent':
      return agents.get(node.name) as AgentBuilder
    case 'sequence':
      return node.steps.reduce((flow, step) => flow.step(part(step, agents)), described(Pipeline(name)))
    case 'parallel':
      return node.branches.reduce((flow, branch) => flow.branch(part(branch, agents)), described(FanOut(name)))
    case 'loop': {
      const steps = node.body.kind === 'sequence' ? node.body.steps : [node.body]
      return steps
        .reduce((flow, step) => flow.step(part(step, agents)), described(Loop(name)))
        .maxIterations(node.count)
    }
  }
}

/**
 * The skill's tree: its topology (or, without one, its agents in the listed order), the outermost workflow named
 * after the skill and described by its `description`, the inner ones made and named by the builder operators. A
 * single agent is the tree itself (keeping its own description). @internal
 */
export function composeTopology(definition: SkillDefinition, agents: ReadonlyMap<string, AgentBuilder>): FlowNode {
  const topology: TopologyNode = definition.topology ?? {
    kind: 'sequence',
    steps: definition.agents.map((agent) => ({ kind: 'agent', name: agent.name, column: 0 })),
  }
  const only = topology.kind === 'sequence' && topology.steps.length === 1 ? topology.steps[0] : topology
  return root(only ?? topology, agents, definition).node
}
