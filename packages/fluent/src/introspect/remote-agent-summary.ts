import type { RemoteAgentNode } from '../ir/remote-agent-node.js'
import { labelled } from './text-block.js'

function keyList(keys: readonly string[]): string {
  return keys.map((key) => `'${key}'`).join(', ')
}

/** What a remote agent is sent, in words: the user turn, and its `.sends()` keys as one data part. */
export function remoteSends(node: RemoteAgentNode): string {
  return node.sends.length === 0
    ? 'the current user turn'
    : `the current user turn + state ${keyList(node.sends)} (one data part)`
}

/** What becomes of a remote agent's answer, in words. */
export function remoteReceives(node: RemoteAgentNode): string {
  const event = `its answer, as an event of "${node.name}" in the conversation`
  return node.receives.length === 0
    ? event
    : `${event}; answer data fields ${node.receives.map((key) => `${key} → state['${key}']`).join(', ')}`
}

/**
 * The block `.llmAnatomy()` and `.dataFlow()` show for a remote agent: where it is, what it is sent and what it
 * gives back. Nothing here contacts it.
 */
export function remoteAgentBlock(node: RemoteAgentNode, heading: string): string {
  return [
    `${heading}: ${node.name} (remote ${node.protocol} agent at ${node.url})`,
    ...labelled('  ', 'model call:', 13, `none in this process: the remote agent answers over ${node.protocol}`),
    ...labelled('  ', 'sends:', 13, remoteSends(node)),
    ...labelled('  ', 'receives:', 13, remoteReceives(node)),
    ...(node.timeoutMs === undefined ? [] : labelled('  ', 'timeout:', 13, `${node.timeoutMs} ms`)),
  ].join('\n')
}
