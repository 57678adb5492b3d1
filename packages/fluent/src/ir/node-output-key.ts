import type { FlowNode } from './flow-node.js'
import { graphTopology } from './graph-topology.js'
import { visitNode, type NodeVisitor } from './node-visitor.js'

function common(nodes: readonly FlowNode[]): string | undefined {
  const keys = new Set(nodes.map((node) => nodeOutputKey(node)))
  const [only] = keys
  return keys.size === 1 ? only : undefined
}

const outputKeyByKind: NodeVisitor<string | undefined> = {
  agent: (node) => node.writes,
  sequence: (node) =>
    node.steps.length > 0 ? nodeOutputKey(node.steps[node.steps.length - 1] as FlowNode) : undefined,
  parallel: () => undefined,
  loop: (node) => (node.steps.length > 0 ? nodeOutputKey(node.steps[node.steps.length - 1] as FlowNode) : undefined),
  fallback: (node) => common(node.attempts),
  route: (node) => common([...node.rules.map((rule) => rule.target), ...(node.otherwise ? [node.otherwise] : [])]),
  'function-step': () => undefined,
  'transform-step': () => undefined,
  'artifact-step': () => undefined,
  tap: () => undefined,
  expect: () => undefined,
  gate: () => undefined,
  race: (node) => common(node.racers),
  timeout: (node) => nodeOutputKey(node.agent),
  'map-over': (node) => node.outputKey,
  'remote-agent': () => undefined,
  graph: (node) => {
    const { members, terminals } = graphTopology(node)
    return terminals.length > 0 ? common(terminals.map((name) => members.get(name) as FlowNode)) : undefined
  },
  'graph-function': () => undefined,
  'graph-join': () => undefined,
  'graph-parallel-worker': () => undefined,
}

/**
 * The state key holding a node's answer: an agent's `.writes()` key, a pipeline's or loop's last step's, the key
 * every alternative of a fallback, route or race (or every end of a graph) agrees on, a `mapOver`'s output key; `undefined` when there is none.
 */
export function nodeOutputKey(node: FlowNode): string | undefined {
  return visitNode(outputKeyByKind, node)
}
