import type { NamedNodeFields } from './flow-node.js'
import type { StatePredicate } from './state-function-types.js'

/** `expect(pred, message)`: a run-time assertion; a false predicate throws a `StateError` with `message`. */
export interface ExpectNode extends NamedNodeFields {
  readonly kind: 'expect'
  readonly predicate: StatePredicate
  readonly message: string
}

/** @internal */
export const ExpectNode = Object.freeze({
  create(predicate: StatePredicate, message: string): ExpectNode {
    return Object.freeze({ kind: 'expect', name: 'expect', hasGeneratedName: true, predicate, message })
  },
})
