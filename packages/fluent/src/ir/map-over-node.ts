import type { FlowNode, NamedNodeFields } from './flow-node.js'

/**
 * `mapOver(listKey, body, { itemKey, outputKey, concurrency })`: runs `body` once per item of `state[listKey]`, each
 * on its own branch and state view holding `state[itemKey] = item`, at most `concurrency` at a time, and writes the
 * body's outputs, in item order, to `state[outputKey]`.
 */
export interface MapOverNode extends NamedNodeFields {
  readonly kind: 'map-over'
  readonly listKey: string
  readonly body: FlowNode
  readonly itemKey: string
  readonly outputKey: string
  readonly concurrency: number
}

/** @internal */
export const MapOverNode = Object.freeze({
  create(name: string, fields: Omit<MapOverNode, 'kind' | 'name' | 'hasGeneratedName'>): MapOverNode {
    return Object.freeze({ kind: 'map-over', name, hasGeneratedName: true, ...fields })
  },
})
