import type { NamedNodeFields } from './flow-node.js'

/**
 * `.join(name, ...from)` of a `Graph`: a core `JoinNode` that runs once every node with an edge into it completed,
 * with `{ [from]: output }` as its output.
 */
export interface GraphJoinNode extends NamedNodeFields {
  readonly kind: 'graph-join'
}

/** @internal */
export const GraphJoinNode = Object.freeze({
  create(name: string): GraphJoinNode {
    return Object.freeze({ kind: 'graph-join', name, hasGeneratedName: false })
  },
})
