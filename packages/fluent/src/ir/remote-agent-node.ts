import type { BaseAgent } from '@adk-fluent/core'
import type { NamedNodeFields } from './flow-node.js'

/**
 * Makes the core agent of a remote-agent node (the package that speaks the protocol provides it, so fluent never
 * depends on a protocol SDK). Called by `build()` with the node as it is then and the name the agent gets.
 */
export type RemoteAgentLowering = (node: RemoteAgentNode, name: string) => BaseAgent

/**
 * `RemoteAgent(name, url)` (`@adk-fluent/a2a`): an agent that runs in another process and is called over a protocol
 * (A2A). It receives the current user turn and the state keys it `sends`; its answer joins the conversation as its
 * own event and the answer's data fields named in `receives` are written to state.
 */
export interface RemoteAgentNode extends NamedNodeFields {
  readonly kind: 'remote-agent'
  /** The protocol, for the views (`A2A`). */
  readonly protocol: string
  /** Where it is reached: its base URL or its card's URL, as given. */
  readonly url: string
  readonly description: string | undefined
  /** State keys sent with the user turn (as one data part); they count as reads for the checker. */
  readonly sends: readonly string[]
  /** Fields of the answer's data written to state; they count as writes for the checker. */
  readonly receives: readonly string[]
  /** Milliseconds the whole call may take (`undefined`: no limit of its own). */
  readonly timeoutMs: number | undefined
  /** `true`: stream; `false`: one request; `undefined`: stream when the remote's card says it can. */
  readonly streaming: boolean | undefined
  readonly lower: RemoteAgentLowering
}

/** @internal */
export const RemoteAgentNode = Object.freeze({
  create(fields: Omit<RemoteAgentNode, 'kind' | 'hasGeneratedName'>): RemoteAgentNode {
    return Object.freeze({ kind: 'remote-agent', hasGeneratedName: false, ...fields })
  },
  cloneWith(node: RemoteAgentNode, patch: Partial<Omit<RemoteAgentNode, 'kind' | 'name'>>): RemoteAgentNode {
    return Object.freeze({ ...node, ...patch })
  },
})
