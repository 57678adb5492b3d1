import type { FlowNode } from './flow-node.js'
import { visitNode, type NodeVisitor } from './node-visitor.js'

/** A child node and its path segments below the parent (`['steps', 1]`, `['tools', 0]`, `['otherwise']`). */
export interface NodeChild {
  readonly segments: readonly (string | number)[]
  readonly node: FlowNode
}

const none: readonly NodeChild[] = Object.freeze([])

function listed(label: string, nodes: readonly FlowNode[]): NodeChild[] {
  return nodes.map((node, index) => ({ segments: [label, index], node }))
}

const childrenByKind: NodeVisitor<readonly NodeChild[]> = {
  agent: (node) =>
    node.subAgents.length === 0 && node.tools.length === 0
      ? none
      : [
          ...listed('subAgents', node.subAgents),
          ...node.tools.flatMap((entry, index) =>
            entry.kind === 'agent-tool' ? [{ segments: ['tools', index], node: entry.agent }] : [],
          ),
        ],
  sequence: (node) => listed('steps', node.steps),
  parallel: (node) => listed('branches', node.branches),
  loop: (node) => listed('steps', node.steps),
  fallback: (node) => listed('attempts', node.attempts),
  route: (node) => [
    ...node.rules.map((rule, index) => ({ segments: ['branches', index], node: rule.target })),
    ...(node.otherwise ? [{ segments: ['otherwise'], node: node.otherwise }] : []),
  ],
  'function-step': () => none,
  'transform-step': () => none,
  'artifact-step': () => none,
  tap: () => none,
  expect: () => none,
  gate: () => none,
  race: (node) => listed('racers', node.racers),
  timeout: (node) => [{ segments: ['agent'], node: node.agent }],
  'map-over': (node) => [{ segments: ['body'], node: node.body }],
  'remote-agent': () => none,
  graph: (node) => listed('nodes', node.nodes),
  'graph-function': () => none,
  'graph-join': () => none,
  'graph-parallel-worker': () => none,
}

/** The nodes directly below `node`, in order, with their path segments (for validation and introspection). */
export function nodeChildren(node: FlowNode): readonly NodeChild[] {
  return visitNode(childrenByKind, node)
}

/** True for an agent with no sub-agents and no agent tools: nothing below it (the most common node by far). */
export function isLeafAgent(node: FlowNode): boolean {
  return node.kind === 'agent' && node.subAgents.length === 0 && node.tools.length === 0
}

/**
 * The children of a node that holds them in one list (a pipeline's or loop's steps, a fan-out's branches, a
 * fallback's attempts, a race's racers, a graph's nodes), with the list's label; `undefined` for the other kinds (use
 * {@link nodeChildren}). Walks over long pipelines use it to make no wrapper per child.
 */
export function childList(node: FlowNode): { readonly label: string; readonly nodes: readonly FlowNode[] } | undefined {
  switch (node.kind) {
    case 'sequence':
    case 'loop':
      return { label: 'steps', nodes: node.steps }
    case 'parallel':
      return { label: 'branches', nodes: node.branches }
    case 'fallback':
      return { label: 'attempts', nodes: node.attempts }
    case 'race':
      return { label: 'racers', nodes: node.racers }
    case 'graph':
      return { label: 'nodes', nodes: node.nodes }
    default:
      return undefined
  }
}
