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
  agent: (node) => new AgentBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  pipeline: (node) => new PipelineBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  fanOut: (node) => new FanOutBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  loop: (node) => new LoopBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  fallback: (node) => new FallbackBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  route: (node) => new RouteBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  remote: (node) => new RemoteAgentBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  graph: (node) => new GraphBuilderImpl({ node, kit: defaultBuilderKit }) as never,
  step: (node) => new StepBuilderImpl({ node, kit: defaultBuilderKit }),
})
