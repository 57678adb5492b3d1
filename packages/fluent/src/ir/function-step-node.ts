import type { NamedNodeFields } from './flow-node.js'
import type { StepFunction } from './state-function-types.js'

/** A plain function in a pipeline: its returned object becomes a state delta carried by an event. */
export interface FunctionStepNode extends NamedNodeFields {
  readonly kind: 'function-step'
  readonly fn: StepFunction
  /** The keys it writes when the function declares them (a `writes` array on the function); else opaque. */
  readonly writes?: readonly string[]
}

/** @internal */
export const FunctionStepNode = Object.freeze({
  create(name: string, fn: StepFunction): FunctionStepNode {
    const declared = (fn as { writes?: unknown }).writes
    if (Array.isArray(declared) && declared.every((key) => typeof key === 'string')) {
      return Object.freeze({
        kind: 'function-step',
        name,
        hasGeneratedName: true,
        fn,
        writes: Object.freeze([...(declared as string[])]),
      })
    }
    return Object.freeze({ kind: 'function-step', name, hasGeneratedName: true, fn })
  },
})
