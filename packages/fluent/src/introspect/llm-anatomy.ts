import { identityLines } from '@adk-fluent/core/internal'
import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { effectiveContext } from '../ir/effective-context.js'
import { compileContext, describeContext } from '../namespaces/context/compile-context.js'
import { agentToolNames, agentToolPauses } from './agent-tool-names.js'
import { describeToolPause } from '../namespaces/tools/tool-pause.js'
import { describeInstruction, formatVariables } from './describe-instruction.js'
import { SET_MODEL_RESPONSE_IN_WORDS } from './data-flow.js'
import { describeSchema } from '../check/describe-schema.js'
import { analyzeFlow } from '../check/flow-analysis.js'
import { isGraphMember, type NodeVisit } from '../check/node-visit.js'
import { labelled, quoted } from './text-block.js'
import { transferTargets } from '../check/transfer-targets.js'
import { guardAnatomyItems } from './guard-summary.js'
import { remoteAgentBlock } from './remote-agent-summary.js'

const width = 15

/** One numbered line of the anatomy (`  1. System:     …`), continuation lines aligned under the value. */
export function anatomyItem(label: string, value: string): string[] {
  return labelled('  ', label, width, value)
}

/** What an agent node of a graph without a context setting sees (ADK 2.0's agent nodes). */
export const GRAPH_NODE_HISTORY =
  "NODE INPUT only (a graph node: includeContents 'none'): the output of the node before it as the user turn, then its own turn"

/** `2. History`: whether the model gets the conversation, and what decided it (`graphNode`: it is a node of a graph). */
export function historyMode(node: AgentNode, graphNode = false): string {
  const context = effectiveContext(node)
  const setBy = [node.reads ? '.reads()' : undefined, node.context ? '.context()' : undefined]
    .filter((part) => part !== undefined)
    .join(' and ')
  if (!context) return graphNode ? GRAPH_NODE_HISTORY : 'FULL conversation history included (default)'
  const mode = compileContext(context).includeContents
  if (mode === 'default') {
    return `FULL conversation history included (${node.reads?.keepHistory ? '.reads() with keepHistory' : `${setBy} keeps it`})`
  }
  if (mode === 'none') {
    return `CURRENT TURN only (includeContents: 'none', set by ${setBy}): from the latest user message or earlier agent's reply on`
  }
  const rendered = context.parts.some((part) => part.stages !== null)
  return rendered
    ? `SUPPRESSED natively (includeContents: 'isolated', set by ${setBy}); the selected history is rendered into the instruction`
    : `SUPPRESSED (includeContents: 'isolated', set by ${setBy}) — no earlier agent's reply`
}

/** `3. Context`: the context spec and where it goes. */
export function contextSummary(node: AgentNode, renderedNote: string): string {
  const context = effectiveContext(node)
  if (!context) return '(no context spec — agent sees history directly)'
  return compileContext(context).provider ? `${describeContext(context)}\n${renderedNote}` : describeContext(context)
}

/** `6. After`: where the answer goes. */
export function afterCall(node: AgentNode): string {
  const parsed = node.returns ? '; .ask() returns the parsed object' : ''
  const artifacts =
    node.artifacts.length > 0
      ? `\nthen .artifacts(): ${node.artifacts.map((operation) => operation.description).join(', ')}`
      : ''
  if (node.writes === undefined) return `response in conversation history only${parsed}${artifacts}`
  return `response stored → state['${node.writes}']${node.returns ? ' (the parsed object)' : ''}${parsed}${artifacts}`
}

function systemItem(node: AgentNode, root: FlowNode): string {
  const summary = describeInstruction(node.instruction)
  const lines: string[] = []
  if (node.staticInstruction !== undefined) {
    lines.push(
      quoted(node.staticInstruction),
      '→ the static instruction; .instruct() text is then sent as a user message:',
    )
  }
  const identity = identityLines({
    name: node.name,
    description: node.description ?? '',
    // Structured output forces both flags (core's rule), so such an agent gets no identity lines.
    disallowTransferToParent: node.returns !== undefined || node.transfer.disallowTransferToParent,
    disallowTransferToPeers: node.returns !== undefined || node.transfer.disallowTransferToPeers,
    subAgentCount: node.subAgents.length,
  })
  lines.push(summary.text === undefined ? '(no instruction)' : quoted(summary.text))
  const variables = formatVariables(summary.variables)
  if (variables) lines.push(`→ ${variables} templated from state at runtime`)
  if (identity.length > 0) lines.push(`→ after the identity line: ${identity.join(' ')}`)
  if (root.kind === 'agent' && root.globalInstruction !== undefined)
    lines.push(`→ preceded by the root's global instruction: ${quoted(root.globalInstruction)}`)
  return lines.join('\n')
}

function toolsItem(visit: NodeVisit, node: AgentNode): string {
  const pauses = new Map(agentToolPauses(node).map((item) => [item.name, item.pause]))
  const names = agentToolNames(node).map((name) => {
    const pause = pauses.get(name)
    return pause ? `${name} (${describeToolPause(pause)})` : name
  })
  const targets = transferTargets(visit)
  if (targets.length > 0) names.push(`transfer_to_agent (to ${targets.join(', ')})`)
  if (node.returns && node.tools.length > 0) names.push('set_model_response (carries the final answer)')
  return names.length > 0 ? names.join(', ') : '(none)'
}

function constraintItem(node: AgentNode): string {
  if (!node.returns) return '(none — free-form text response)'
  const shape = describeSchema(node.returns)
  return node.tools.length > 0
    ? `must end by calling set_model_response with ${shape}\n→ ${SET_MODEL_RESPONSE_IN_WORDS.split('\n').join('\n  ')}`
    : `must return JSON ${shape}`
}

/** The symbolic anatomy of one agent at its place in a tree. */
export function agentAnatomy(visit: NodeVisit, root: FlowNode): string {
  const node = visit.node as AgentNode
  return [
    `LLM Call Anatomy: ${node.name}`,
    ...anatomyItem('1. System:', systemItem(node, root)),
    ...anatomyItem('2. History:', historyMode(node, isGraphMember(visit))),
    ...anatomyItem('3. Context:', contextSummary(node, '→ injected as <conversation_context> block in instruction')),
    ...anatomyItem('4. Tools:', toolsItem(visit, node)),
    ...anatomyItem('5. Constraint:', constraintItem(node)),
    ...anatomyItem('6. After:', afterCall(node)),
    ...guardAnatomyItems(visit, anatomyItem),
  ].join('\n')
}

/**
 * `.llmAnatomy()` without options: what each LLM agent's model will receive, symbolically (templates as `{key}`,
 * history mode, context block, tools, output constraint, where the answer goes), one block per agent in run order.
 */
export function llmAnatomy(node: FlowNode): string {
  const visits = analyzeFlow(node).visits.filter(
    (visit) => visit.node.kind === 'agent' || visit.node.kind === 'remote-agent',
  )
  if (visits.length === 0) return `LLM Call Anatomy: (no LLM agents in "${node.name}")`
  return visits
    .map((visit) =>
      visit.node.kind === 'remote-agent' ? remoteAgentBlock(visit.node, 'Remote Agent') : agentAnatomy(visit, node),
    )
    .join('\n\n')
}
