import type { FlowNode, NamedNodeFields } from './flow-node.js'

/** `timeout(agent, ms)`: runs `agent`; past `milliseconds` it is cancelled and the run fails naming it. */
export interface TimeoutNode extends NamedNodeFields {
  readonly kind: 'timeout'
  readonly agent: FlowNode
  readonly milliseconds: number
}

/** @internal */
export const TimeoutNode = Object.freeze({
  create(agent: FlowNode, milliseconds: number): TimeoutNode {
    return Object.freeze({
      kind: 'timeout',
      name: `${agent.name}_timeout`,
      hasGeneratedName: true,
      agent,
      milliseconds,
    })
  },
})
