import { RemoteAgentNode } from '../ir/remote-agent-node.js'
import { parseAgentName } from '../parse/parse-agent-name.js'
import { defaultBuilderKit } from './default-builder-kit.js'
import type { RemoteAgentBuilder } from './remote-agent-builder.js'
import type { EmptyFlow } from '../flow-types/state-flow.js'

/** What a protocol package gives to make a remote-agent builder (`@adk-fluent/fluent/internal`). */
export type RemoteAgentFields = Pick<RemoteAgentNode, 'protocol' | 'url' | 'lower'> &
  Partial<Pick<RemoteAgentNode, 'description' | 'timeoutMs' | 'streaming'>>

/**
 * A remote-agent builder named `name` (an identifier), for packages that speak a protocol (`@adk-fluent/a2a`'s
 * `RemoteAgent`). `factory` names the public factory in errors.
 */
export function createRemoteAgentBuilder(
  name: string,
  fields: RemoteAgentFields,
  factory: string,
): RemoteAgentBuilder<EmptyFlow> {
  return defaultBuilderKit.remote(
    RemoteAgentNode.create({
      name: parseAgentName(name, factory),
      description: fields.description,
      protocol: fields.protocol,
      url: fields.url,
      sends: Object.freeze([]),
      receives: Object.freeze([]),
      timeoutMs: fields.timeoutMs,
      streaming: fields.streaming,
      lower: fields.lower,
    }),
  )
}
