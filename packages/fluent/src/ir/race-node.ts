import type { FlowNode, NamedNodeFields } from './flow-node.js'

/** `race(...agents)`: runs every racer on its own copy of the session; the first to finish wins. */
export interface RaceNode extends NamedNodeFields {
  readonly kind: 'race'
  readonly racers: readonly FlowNode[]
}

/** @internal */
export const RaceNode = Object.freeze({
  create(name: string, racers: readonly FlowNode[]): RaceNode {
    return Object.freeze({ kind: 'race', name, hasGeneratedName: true, racers: Object.freeze([...racers]) })
  },
})
