import type { BaseLlm } from '@adk-fluent/core'
import { AgentNode } from '../ir/agent-node.js'
import { FallbackNode } from '../ir/fallback-node.js'
import { LoopNode } from '../ir/loop-node.js'
import { ParallelNode } from '../ir/parallel-node.js'
import { RouteNode } from '../ir/route-node.js'
import { SequenceNode } from '../ir/sequence-node.js'
import { parseAgentName } from '../parse/parse-agent-name.js'
import { parseStateKey } from '../parse/parse-state-key.js'
import { toIdentifier } from '../parse/to-identifier.js'
import type { AgentBuilder } from './agent-builder.js'
import { defaultBuilderKit } from './default-builder-kit.js'
import type { FallbackBuilder } from './fallback-builder.js'
import type { FanOutBuilder } from './fan-out-builder.js'
import type { LoopBuilder } from './loop-builder.js'
import type { PipelineBuilder } from './pipeline-builder.js'
import type { RouteBuilder } from './route-builder.js'
import type { AddReads, EmptyFlow } from '../flow-types/state-flow.js'

/**
 * An LLM agent named `name` (an identifier), with an optional model (a name or a `BaseLlm`; left out, the agent
 * uses its nearest ancestor's model, and the root the default one).
 * @example const writer = Agent('writer', 'gemini-2.5-flash').instruct('Write about {topic}.').writes('draft')
 */
export function Agent(name: string, model?: string | BaseLlm): AgentBuilder<string, EmptyFlow, {}> {
  const builder = defaultBuilderKit.agent(AgentNode.create(parseAgentName(name, 'Agent')))
  return model === undefined ? builder : builder.model(model)
}

/**
 * A pipeline named `name`: add steps with `.step()`.
 * @example Pipeline('flow').step(Agent('writer').writes('draft')).step(Agent('critic').reads('draft'))
 */
export function Pipeline(name: string): PipelineBuilder<string, EmptyFlow> {
  return defaultBuilderKit.pipeline(SequenceNode.create(parseAgentName(name, 'Pipeline'), []))
}

/**
 * A fan-out named `name`: add concurrent branches with `.branch()`.
 * @example FanOut('research').branch(Agent('web')).branch(Agent('papers'))
 */
export function FanOut(name: string): FanOutBuilder<EmptyFlow> {
  return defaultBuilderKit.fanOut(ParallelNode.create(parseAgentName(name, 'FanOut'), []))
}

/**
 * A loop named `name`: add steps with `.step()`, and `.maxIterations(n)` and/or `.until(pred)`.
 * @example Loop('refine').step(writer).step(critic).maxIterations(3)
 */
export function Loop(name: string): LoopBuilder<EmptyFlow> {
  return defaultBuilderKit.loop(LoopNode.create(parseAgentName(name, 'Loop'), []))
}

/**
 * A fallback named `name`: add attempts with `.attempt()`.
 * @example Fallback('answer').attempt(Agent('fast')).attempt(Agent('careful'))
 */
export function Fallback(name: string): FallbackBuilder<EmptyFlow> {
  return defaultBuilderKit.fallback(FallbackNode.create(parseAgentName(name, 'Fallback'), []))
}

/**
 * A route on `state[key]` (named `route_<key>`): add rules with `.eq()`, `.gt()`, `.when()`, … and `.otherwise()`.
 * Its type reads `key` (a `.reads()`-like read: checked once initial state is declared).
 * @example Route('intent').eq('billing', billing).eq('tech', support).otherwise(general)
 */
export function Route<const $Key extends string>(key: $Key): RouteBuilder<AddReads<EmptyFlow, $Key, false>> {
  const parsed = parseStateKey(key, [`Route(${JSON.stringify(key) ?? String(key)})`])
  return defaultBuilderKit.route(RouteNode.create(toIdentifier(`route_${parsed}`, 'route'), parsed))
}
