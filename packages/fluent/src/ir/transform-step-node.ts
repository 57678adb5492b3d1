import type { StateTransform } from '../namespaces/state/index.js'
import type { NamedNodeFields } from './flow-node.js'

/** An `S` transform in a pipeline: the delta it returns is carried by an event. */
export interface TransformStepNode extends NamedNodeFields {
  readonly kind: 'transform-step'
  readonly transform: StateTransform
}

/** @internal */
export const TransformStepNode = Object.freeze({
  create(name: string, transform: StateTransform): TransformStepNode {
    return Object.freeze({ kind: 'transform-step', name, hasGeneratedName: true, transform })
  },
})
