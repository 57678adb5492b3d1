import type { AgentNode } from '../ir/agent-node.js'
import type { FallbackNode } from '../ir/fallback-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import type { GraphNode } from '../ir/graph-node.js'
import type { LoopNode } from '../ir/loop-node.js'
import type { ParallelNode } from '../ir/parallel-node.js'
import type { RemoteAgentNode } from '../ir/remote-agent-node.js'
import type { RouteNode } from '../ir/route-node.js'
import type { SequenceNode } from '../ir/sequence-node.js'
import type { AgentBuilder } from './agent-builder.js'
import type { FallbackBuilder } from './fallback-builder.js'
import type { FanOutBuilder } from './fan-out-builder.js'
import type { GraphBuilder } from './graph-builder.js'
import type { LoopBuilder } from './loop-builder.js'
import type { PipelineBuilder } from './pipeline-builder.js'
import type { RemoteAgentBuilder } from './remote-agent-builder.js'
import type { RouteBuilder } from './route-builder.js'
import type { StepBuilder } from './step-builder.js'

/**
 * Wraps nodes in builders. Builders receive it in their props instead of importing each other, so composing (an
 * agent's `.then()` makes a pipeline builder) needs no import cycle.
 * @internal
 */
export interface BuilderKit {
  agent(node: AgentNode): AgentBuilder
  pipeline(node: SequenceNode): PipelineBuilder
  fanOut(node: ParallelNode): FanOutBuilder
  loop(node: LoopNode): LoopBuilder
  fallback(node: FallbackNode): FallbackBuilder
  route(node: RouteNode): RouteBuilder
  remote(node: RemoteAgentNode): RemoteAgentBuilder
  graph(node: GraphNode): GraphBuilder
  /** A builder with the composition and run methods only (helpers such as `tap`, `race`, `mapOver`). */
  step(node: FlowNode): StepBuilder
}

/** What every builder holds: its frozen node and the kit. @internal */
export interface BuilderProps<TNode extends FlowNode> {
  readonly node: TNode
  readonly kit: BuilderKit
}
