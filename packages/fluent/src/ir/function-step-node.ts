import type { NamedNodeFields } from './flow-node.js'
import type { StepFunction } from './state-function-types.js'

/** A plain function in a pipeline: its returned object becomes a state delta carried by an event. */
export interface FunctionStepNode extends NamedNodeFields {
  readonly kind: 'function-step'
  readonly fn: StepFunction
}

/** @internal */
export const FunctionStepNode = Object.freeze({
  create(name: string, fn: StepFunction): FunctionStepNode {
    return Object.freeze({ kind: 'function-step', name, hasGeneratedName: true, fn })
  },
})
