import {
  InternalError,
  LoopAgent,
  ParallelAgent,
  SequentialAgent,
  type BaseAgent,
  type BasePlugin,
  type LoopAgentConfig,
} from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { nodeOutputKey } from '../ir/node-output-key.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import { FallbackAgent } from '../agents/fallback-agent.js'
import { MapOverAgent } from '../agents/map-over-agent.js'
import { RaceAgent } from '../agents/race-agent.js'
import { StepAgent } from '../agents/step-agent.js'
import { TimeoutAgent } from '../agents/timeout-agent.js'
import { childNames, distinctName } from './child-names.js'
import { lowerAgent } from './lower-agent.js'
import { lowerRoute } from './lower-route.js'
import { lowerGraph } from './lower-graph.js'
import { lowerGate, lowerSequenceSteps } from './lower-steps.js'
import {
  artifactStepBody,
  checkpointBody,
  expectBody,
  functionStepBody,
  tapBody,
  transformStepBody,
} from './step-bodies.js'
import { workflowConfig } from './workflow-config.js'
import type { RestOfSequence } from './lower-function.js'

function lowerAll(nodes: readonly FlowNode[]): BaseAgent[] {
  const names = childNames(nodes)
  return nodes.map((node, index) => lowerNode(node, names[index]))
}

const lowerByKind: NodeVisitor<BaseAgent, [string, RestOfSequence]> = {
  agent: (node, name) => lowerAgent(node, name, lowerNode),
  sequence: (node, name) => new SequentialAgent(workflowConfig(node, name, lowerSequenceSteps(node.steps, lowerNode))),
  parallel: (node, name) => new ParallelAgent(workflowConfig(node, name, lowerAll(node.branches))),
  loop: (node, name) => {
    const { until } = node
    const checkpoint = (names: readonly string[]) =>
      until ? [new StepAgent({ name: distinctName(`${name}_checkpoint`, names), body: checkpointBody(until) })] : []
    const config: LoopAgentConfig = workflowConfig(node, name, lowerSequenceSteps(node.steps, lowerNode, checkpoint))
    if (node.maxIterations !== undefined) config.maxIterations = node.maxIterations
    return new LoopAgent(config)
  },
  fallback: (node, name) => new FallbackAgent(workflowConfig(node, name, lowerAll(node.attempts))),
  route: (node, name) => lowerRoute(node, name, lowerNode),
  'function-step': (node, name) => new StepAgent({ name, body: functionStepBody(name, node.fn) }),
  'transform-step': (node, name) => new StepAgent({ name, body: transformStepBody(node.transform) }),
  'artifact-step': (node, name) => new StepAgent({ name, body: artifactStepBody(node.operation) }),
  tap: (node, name) => new StepAgent({ name, body: tapBody(node.fn) }),
  expect: (node, name) => new StepAgent({ name, body: expectBody(node.predicate, node.message) }),
  gate: (node, name, rest) => lowerGate(node, name, rest),
  race: (node, name) => new RaceAgent({ name, subAgents: lowerAll(node.racers), ...pluginsOf(node) }),
  timeout: (node, name) =>
    new TimeoutAgent({
      name,
      subAgents: [lowerNode(node.agent, node.agent.name)],
      milliseconds: node.milliseconds,
      ...pluginsOf(node),
    }),
  'map-over': (node, name) =>
    new MapOverAgent({
      name,
      subAgents: [lowerNode(node.body, node.body.name)],
      listKey: node.listKey,
      itemKey: node.itemKey,
      outputKey: node.outputKey,
      concurrency: node.concurrency,
      bodyOutputKey: nodeOutputKey(node.body),
      ...pluginsOf(node),
    }),
  'remote-agent': (node, name) => node.lower(node, name),
  graph: (node, name) => lowerGraph(node, name, lowerNode),
  'graph-function': (node) => memberOnly(node.name),
  'graph-join': (node) => memberOnly(node.name),
  'graph-parallel-worker': (node) => memberOnly(node.name),
}

/** Functions and joins of a graph are nodes of its workflow, never agents of their own (see `lowerGraph`). */
function memberOnly(name: string): never {
  throw new InternalError(`"${name}" is a node of a graph and is lowered with its graph.`)
}

/** `.use(...)` middleware of a node as core `plugins` config. */
function pluginsOf(node: FlowNode): { plugins?: readonly BasePlugin[] } {
  return node.middleware?.length ? { plugins: node.middleware } : {}
}

const noRest: RestOfSequence = () => []

/**
 * Lowers a node (validated beforehand) to a fresh core agent tree; `name` defaults to the node's own. `rest` is the
 * rest of the enclosing sequence, for the kinds that hold it (see `lowerSequenceSteps`).
 */
export function lowerNode(node: FlowNode, name: string = node.name, rest: RestOfSequence = noRest): BaseAgent {
  return visitNode(lowerByKind, node, name, rest)
}
