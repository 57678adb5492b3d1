import type { BuilderKit } from './builder-kit.js'
import { AgentBuilderImpl } from './agent-builder-impl.js'
import { FallbackBuilderImpl } from './fallback-builder.js'
import { FanOutBuilderImpl } from './fan-out-builder.js'
import { GraphBuilderImpl } from './graph-builder-impl.js'
import { LoopBuilderImpl } from './loop-builder.js'
import { PipelineBuilderImpl } from './pipeline-builder.js'
import { RouteBuilderImpl } from './route-builder.js'
import { RemoteAgentBuilderImpl } from './remote-agent-builder.js'
import { StepBuilderImpl } from './step-builder.js'

/** The kit every builder made by the public factories carries. @internal */
export const defaultBuilderKit: BuilderKit = Object.freeze<BuilderKit>({
  agent: (node) => new AgentBuilderImpl({ node, kit: defaultBuilderKit }),
  pipeline: (node) => new PipelineBuilderImpl({ node, kit: defaultBuilderKit }),
  fanOut: (node) => new FanOutBuilderImpl({ node, kit: defaultBuilderKit }),
  loop: (node) => new LoopBuilderImpl({ node, kit: defaultBuilderKit }),
  fallback: (node) => new FallbackBuilderImpl({ node, kit: defaultBuilderKit }),
  route: (node) => new RouteBuilderImpl({ node, kit: defaultBuilderKit }),
  remote: (node) => new RemoteAgentBuilderImpl({ node, kit: defaultBuilderKit }),
  // The graph builder's chain/edge/routes are typed by its interface only (GraphBuilderImpl takes unknown[]).
  graph: (node) => new GraphBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  step: (node) => new StepBuilderImpl({ node, kit: defaultBuilderKit }),
})
