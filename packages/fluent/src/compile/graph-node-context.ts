import { ConfigError, type BaseAgent, type NodeContext } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import type { GraphNodeContext } from '../ir/graph-function-node.js'
import { isNodeHolder } from '../parse/parse-step.js'
import { contractErrors } from '../check/check-node.js'
import { validateNode } from '../check/validate-node.js'
import type { LowerFunction } from './lower-function.js'

/**
 * Builds the builders a graph's functions run with `ctx.runNode(builder)`: each once per built graph (checked as
 * `build()` checks it), so every call runs the same agent.
 */
export function builderChildren(lower: LowerFunction): (node: FlowNode) => BaseAgent {
  const built = new Map<FlowNode, BaseAgent>()
  return (node) => {
    let agent = built.get(node)
    if (!agent) {
      const issues = [...validateNode(node), ...contractErrors(node)]
      if (issues.length > 0) throw new ConfigError(issues, { agentName: node.name })
      built.set(node, (agent = lower(node, node.name)))
    }
    return agent
  }
}

/** `ctx` as a graph function sees it: `ctx.runNode()` also takes a builder (see {@link GraphNodeContext}). */
export function graphNodeContext(ctx: NodeContext, build: (node: FlowNode) => BaseAgent): GraphNodeContext {
  const runNode: NodeContext['runNode'] = (node, input, options) =>
    ctx.runNode(isNodeHolder(node) ? build(node.node) : node, input, options)
  return new Proxy(ctx, {
    get: (target, property) => {
      if (property === 'runNode') return runNode
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
    set: (target, property, value) => Reflect.set(target, property, value, target),
  }) as GraphNodeContext
}
