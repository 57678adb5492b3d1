import type { ArtifactOperation } from '../namespaces/artifacts/index.js'
import type { NamedNodeFields } from './flow-node.js'

/** An `A` operation in a pipeline: runs against the artifact service; its changes are carried by an event. */
export interface ArtifactStepNode extends NamedNodeFields {
  readonly kind: 'artifact-step'
  readonly operation: ArtifactOperation
}

/** @internal */
export const ArtifactStepNode = Object.freeze({
  create(name: string, operation: ArtifactOperation): ArtifactStepNode {
    return Object.freeze({ kind: 'artifact-step', name, hasGeneratedName: true, operation })
  },
})
