// Each builder class has every member of the interface users see (the classes also `implements` them, so a missing or
// mistyped member fails at the class; this keeps the rule if an `implements` clause is dropped).
import { expectTypeOf, it } from 'vitest'
import type { AgentBuilder } from './agent-builder.js'
import type { AgentBuilderImpl } from './agent-builder-impl.js'
import type { FallbackBuilder, FallbackBuilderImpl } from './fallback-builder.js'
import type { FanOutBuilder, FanOutBuilderImpl } from './fan-out-builder.js'
import type { LoopBuilder, LoopBuilderImpl } from './loop-builder.js'
import type { PipelineBuilder, PipelineBuilderImpl } from './pipeline-builder.js'
import type { RemoteAgentBuilder, RemoteAgentBuilderImpl } from './remote-agent-builder.js'
import type { RouteBuilder, RouteBuilderImpl } from './route-builder.js'
import type { StepBuilder, StepBuilderImpl } from './step-builder.js'

/** The members of `Interface` that `Class` lacks (`'~flow'` is type-only: never present at run time). */
type MissingMembers<Interface, Class> = Exclude<keyof Interface, keyof Class | '~flow'>

it('gives every builder class each member of its interface, assignable to it', () => {
  expectTypeOf<MissingMembers<AgentBuilder, AgentBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<MissingMembers<PipelineBuilder, PipelineBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<MissingMembers<FanOutBuilder, FanOutBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<MissingMembers<LoopBuilder, LoopBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<MissingMembers<FallbackBuilder, FallbackBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<MissingMembers<RouteBuilder, RouteBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<MissingMembers<RemoteAgentBuilder, RemoteAgentBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<MissingMembers<StepBuilder, StepBuilderImpl>>().toEqualTypeOf<never>()
  expectTypeOf<AgentBuilderImpl>().toMatchTypeOf<AgentBuilder>()
  expectTypeOf<PipelineBuilderImpl>().toMatchTypeOf<PipelineBuilder>()
  expectTypeOf<FanOutBuilderImpl>().toMatchTypeOf<FanOutBuilder>()
  expectTypeOf<LoopBuilderImpl>().toMatchTypeOf<LoopBuilder>()
  expectTypeOf<FallbackBuilderImpl>().toMatchTypeOf<FallbackBuilder>()
  expectTypeOf<RouteBuilderImpl>().toMatchTypeOf<RouteBuilder>()
  expectTypeOf<RemoteAgentBuilderImpl>().toMatchTypeOf<RemoteAgentBuilder>()
  expectTypeOf<StepBuilderImpl>().toMatchTypeOf<StepBuilder>()
})
