import type { BasePlugin } from '@adk-fluent/core'
import type { AgentNode } from './agent-node.js'
import type { ArtifactStepNode } from './artifact-step-node.js'
import type { ExpectNode } from './expect-node.js'
import type { FallbackNode } from './fallback-node.js'
import type { FunctionStepNode } from './function-step-node.js'
import type { GateNode } from './gate-node.js'
import type { GraphFunctionNode } from './graph-function-node.js'
import type { GraphJoinNode } from './graph-join-node.js'
import type { GraphNode } from './graph-node.js'
import type { GraphParallelWorkerNode } from './graph-parallel-worker-node.js'
import type { LoopNode } from './loop-node.js'
import type { MapOverNode } from './map-over-node.js'
import type { ParallelNode } from './parallel-node.js'
import type { RaceNode } from './race-node.js'
import type { RemoteAgentNode } from './remote-agent-node.js'
import type { RouteNode } from './route-node.js'
import type { SequenceNode } from './sequence-node.js'
import type { TapNode } from './tap-node.js'
import type { TimeoutNode } from './timeout-node.js'
import type { TransformStepNode } from './transform-step-node.js'

/** Every node a fluent builder holds: a closed union dispatched on `kind`. */
export type FlowNode =
  | AgentNode
  | SequenceNode
  | ParallelNode
  | LoopNode
  | FallbackNode
  | RouteNode
  | FunctionStepNode
  | TransformStepNode
  | ArtifactStepNode
  | TapNode
  | ExpectNode
  | GateNode
  | RaceNode
  | TimeoutNode
  | MapOverNode
  | RemoteAgentNode
  | GraphNode
  | GraphFunctionNode
  | GraphJoinNode
  | GraphParallelWorkerNode

/** The `kind` of a {@link FlowNode}. */
export type NodeKind = FlowNode['kind']

const kinds: ReadonlySet<string> = new Set<NodeKind>([
  'agent',
  'sequence',
  'parallel',
  'loop',
  'fallback',
  'route',
  'function-step',
  'transform-step',
  'artifact-step',
  'tap',
  'expect',
  'gate',
  'race',
  'timeout',
  'map-over',
  'remote-agent',
  'graph',
  'graph-function',
  'graph-join',
  'graph-parallel-worker',
])

/** True for a frozen fluent IR node. */
export function isFlowNode(value: unknown): value is FlowNode {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return false
  const candidate = value as { kind?: unknown; name?: unknown }
  return typeof candidate.kind === 'string' && kinds.has(candidate.kind) && typeof candidate.name === 'string'
}

/** Fields every node has: the name of the core agent it lowers to, and whether the library chose that name. */
export interface NamedNodeFields {
  readonly name: string
  /** True for names made up by the library (`a_then_b`, `fn_step`); siblings with such names get suffixes. */
  readonly hasGeneratedName: boolean
  /**
   * `.initialState(...keys)`: state keys declared as present when the run starts (the run's input), for the contract
   * checker; declared on any node of a tree, they hold for the whole tree.
   */
  readonly initialState?: readonly string[]
  /**
   * `.use(M...)`: middleware (core plugins) around the model calls of every agent in this node's subtree, compiled
   * into the built agents.
   */
  readonly middleware?: readonly BasePlugin[]
}
