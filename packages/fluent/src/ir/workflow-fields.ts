import type { SingleAgentCallback } from '@adk-fluent/core'
import type { NamedNodeFields } from './flow-node.js'

/** Fields shared by the workflow nodes (`Pipeline`, `FanOut`, `Loop`, `Fallback`, `Route`). */
export interface WorkflowFields extends NamedNodeFields {
  readonly description: string | undefined
  /** Accumulated `.beforeAgent()` callbacks, composed into one at build (the first non-undefined result wins). */
  readonly beforeAgent: readonly SingleAgentCallback[]
  /** Accumulated `.afterAgent()` callbacks, composed likewise. */
  readonly afterAgent: readonly SingleAgentCallback[]
}

/** Default workflow fields for a name. @internal */
export function createWorkflowFields(name: string, hasGeneratedName: boolean): WorkflowFields {
  return {
    name,
    hasGeneratedName,
    description: undefined,
    beforeAgent: Object.freeze([]),
    afterAgent: Object.freeze([]),
  }
}
