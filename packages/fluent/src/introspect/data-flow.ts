import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { effectiveContext } from '../ir/effective-context.js'
import { describeContext } from '../namespaces/context/compile-context.js'
import { describeSchema } from '../check/describe-schema.js'
import { analyzeFlow } from '../check/flow-analysis.js'
import { labelled } from './text-block.js'
import { isGraphMember, type NodeVisit } from '../check/node-visit.js'
import { guardLabels, middlewareNames } from './guard-summary.js'
import { remoteAgentBlock } from './remote-agent-summary.js'

/** What the runtime does with `.returns()` plus tools, in words a user understands. */
export const SET_MODEL_RESPONSE_IN_WORDS =
  'with tools, no response schema is sent (models cannot combine the two): the model gets\n' +
  'a set_model_response tool whose parameters are this schema, and answers by calling it;\n' +
  "the call's arguments are the answer (the tool itself never runs)"

/** The five data-flow concerns of an agent, as shown by `.dataFlow()` and `.explain()`. */
export interface DataFlowFields {
  /** What the agent sees: its context spec, or the full history. */
  readonly reads: string
  /** Its input schema (used when it is called as a tool). */
  readonly accepts: string
  /** The shape of its answer. */
  readonly returns: string
  /** Where its answer is stored. */
  readonly writes: string
  /** Its `.produces()` / `.consumes()` annotations. */
  readonly contract: string
}

/** The five concerns of an agent, with the defaults spelled out (`graphNode`: it is a node of a graph). */
export function dataFlowFields(node: AgentNode, graphNode = false): DataFlowFields {
  const context = effectiveContext(node)
  const shape = node.returns ? describeSchema(node.returns) : undefined
  const contract = [
    node.produces ? `produces ${describeSchema(node.produces)}` : undefined,
    node.consumes ? `consumes ${describeSchema(node.consumes)}` : undefined,
  ].filter((part) => part !== undefined)
  return {
    reads: context
      ? describeContext(context)
      : graphNode
        ? 'its node input (the output of the node before it) as the user turn (a graph node)'
        : 'full conversation history (default)',
    accepts: node.accepts ? describeSchema(node.accepts) : '(not set — accepts any input as tool)',
    returns:
      shape === undefined
        ? 'plain text (default — can use tools)'
        : node.tools.length > 0
          ? `structured JSON → ${shape}\n${SET_MODEL_RESPONSE_IN_WORDS}`
          : `structured JSON → ${shape}`,
    writes:
      (node.writes === undefined ? '(not set — response only in conversation)' : `state['${node.writes}']`) +
      (node.artifacts.length > 0
        ? `; then ${node.artifacts.map((operation) => operation.description).join(', ')}`
        : ''),
    contract: contract.length > 0 ? contract.join('; ') : '(not set)',
  }
}

/** The field lines of a data-flow block, each indented by `indent`. */
export function dataFlowLines(fields: DataFlowFields, indent: string): string[] {
  return [
    ...labelled(indent, 'reads:', 10, fields.reads),
    ...labelled(indent, 'accepts:', 10, fields.accepts),
    ...labelled(indent, 'returns:', 10, fields.returns),
    ...labelled(indent, 'writes:', 10, fields.writes),
    ...labelled(indent, 'contract:', 10, fields.contract),
  ]
}

/**
 * `.dataFlow()`: for an agent, the `Data Flow:` block of its five concerns; for a workflow, one block per LLM agent in
 * run order, headed `Data Flow: <agent>`.
 */
export function dataFlow(node: FlowNode): string {
  const visits = analyzeFlow(node).visits.filter(
    (visit) => visit.node.kind === 'agent' || visit.node.kind === 'remote-agent',
  )
  if (node.kind === 'agent') return ['Data Flow:', ...agentLines(visits[0] as NodeVisit)].join('\n')
  if (visits.length === 0) return `Data Flow: (no LLM agents in "${node.name}")`
  return visits
    .map((visit) =>
      visit.node.kind === 'remote-agent'
        ? remoteAgentBlock(visit.node, 'Data Flow')
        : [`Data Flow: ${visit.node.name}`, ...agentLines(visit)].join('\n'),
    )
    .join('\n\n')
}

/** An agent's data-flow lines, then its guards and middleware when it has any. */
function agentLines(visit: NodeVisit): string[] {
  const node = visit.node as AgentNode
  const guards = guardLabels(node)
  const middleware = middlewareNames(visit)
  return [
    ...dataFlowLines(dataFlowFields(node, isGraphMember(visit)), '  '),
    ...(guards.length > 0 ? labelled('  ', 'guards:', 10, guards.join('\n')) : []),
    ...(middleware.length > 0 ? labelled('  ', 'middleware:', 10, middleware.join(', ')) : []),
  ]
}
