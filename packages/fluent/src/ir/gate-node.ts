import type { NamedNodeFields } from './flow-node.js'
import type { StatePredicate } from './state-function-types.js'

/**
 * `gate(pred, { message, key })`: a human-approval gate. When `pred(state)` holds and `state[key + '_approved']`
 * is not set, it answers `message`, sets `state[key]` and `state[key + '_message']`, escalates, and the steps after
 * it in its pipeline do not run. Once approved, it clears those keys and the pipeline goes on.
 */
export interface GateNode extends NamedNodeFields {
  readonly kind: 'gate'
  readonly predicate: StatePredicate
  readonly message: string
  readonly key: string
}

/** @internal */
export const GateNode = Object.freeze({
  create(name: string, predicate: StatePredicate, message: string, key: string): GateNode {
    return Object.freeze({ kind: 'gate', name, hasGeneratedName: true, predicate, message, key })
  },
  is(value: unknown): value is GateNode {
    return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'gate'
  },
})
