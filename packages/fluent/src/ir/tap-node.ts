import type { NamedNodeFields } from './flow-node.js'
import type { TapFunction } from './state-function-types.js'

/** `tap(fn)`: calls `fn` with a frozen copy of the state; changes nothing. */
export interface TapNode extends NamedNodeFields {
  readonly kind: 'tap'
  readonly fn: TapFunction
}

/** @internal */
export const TapNode = Object.freeze({
  create(fn: TapFunction): TapNode {
    return Object.freeze({ kind: 'tap', name: 'tap', hasGeneratedName: true, fn })
  },
})
