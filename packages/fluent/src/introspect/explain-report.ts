import { isBaseLlm } from '@adk-fluent/core'
import { defaultModelName } from '@adk-fluent/core/internal'
import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { agentToolNames } from './agent-tool-names.js'
import type { CheckIssue, CheckOptions } from '../check/check-issue.js'
import { checkNode } from '../check/check-node.js'
import { dataFlowFields, type DataFlowFields } from './data-flow.js'
import { describeInstruction } from './describe-instruction.js'
import { analyzeFlow } from '../check/flow-analysis.js'
import { nodeLabel } from './node-label.js'
import { graphEdgeLines } from './graph-edge-lines.js'
import { formatPath, isGraphMember, type NodeVisit, type TreePath } from '../check/node-visit.js'
import { stateAccess } from '../check/state-access.js'
import { transferTargets } from '../check/transfer-targets.js'
import { guardLabels, middlewareNames } from './guard-summary.js'

/** `.explain({ format: 'json' })`: what `.explain()` shows, as a plain object (JSON-serialisable). */
export interface ExplainReport {
  /** `Agent`, `Pipeline`, `FanOut`, `Loop`, `Fallback`, `Route`, `Function`, `Transform`, … */
  readonly kind: string
  readonly name: string
  readonly path: TreePath
  /** A short detail of the kind (`max 3`, `on intent`, the transform as written); `null` when none. */
  readonly detail: string | null
  readonly description: string | null
  /** The model of an agent (`null` for other nodes). */
  readonly model: string | null
  /** The instruction as written, `{key}` templates unresolved (`null` when not set or not an agent). */
  readonly instruction: string | null
  readonly templateVariables: { readonly required: readonly string[]; readonly optional: readonly string[] }
  /** The five data-flow concerns of an agent (`null` for other nodes). */
  readonly dataFlow: DataFlowFields | null
  /** State keys a non-agent step reads and writes (`null` entries when it does not declare them). */
  readonly state: { readonly reads: readonly string[] | null; readonly writes: readonly string[] | null } | null
  /** Tool names the model can call (transfer and set_model_response included). */
  readonly tools: readonly string[]
  /** How many callbacks of each kind are registered (kinds with none left out). */
  readonly callbacks: Readonly<Record<string, number>>
  /** An agent's guards as previews show them (`G.pii({ … }) on input+output`), in order. */
  readonly guards: readonly string[]
  /** The middleware around an agent's model calls (inherited from enclosing builders first), or a node's own. */
  readonly middleware: readonly string[]
  readonly children: readonly ExplainReport[]
  /** A graph's edges, `from --> to` or `from --[route]--> to` (an edge back to an earlier node marked `(back)`). */
  readonly edges?: readonly string[]
  /** The contract issues inside this subtree. */
  readonly issues: readonly CheckIssue[]
}

function describeModel(node: AgentNode): string {
  if (node.mock) return `ScriptedLlm (mock: ${node.mock.length} ${node.mock.length === 1 ? 'reply' : 'replies'})`
  if (typeof node.model === 'string') return node.model
  if (isBaseLlm(node.model)) return `${node.model.constructor.name} (${node.model.model})`
  return `(not set — the nearest ancestor agent's, else the default ${defaultModelName()})`
}

function agentCallbacks(node: AgentNode): Record<string, number> {
  const counts: Record<string, number> = {}
  if (node.proceedIf) counts['proceedIf'] = 1
  for (const [kind, list] of Object.entries(node.callbacks)) if (list.length > 0) counts[kind] = list.length
  return counts
}

function workflowCallbacks(node: FlowNode): Record<string, number> {
  const counts: Record<string, number> = {}
  if (!('beforeAgent' in node)) return counts
  if (node.beforeAgent.length > 0) counts['beforeAgent'] = node.beforeAgent.length
  if (node.afterAgent.length > 0) counts['afterAgent'] = node.afterAgent.length
  return counts
}

function agentTools(visit: NodeVisit, node: AgentNode): string[] {
  const names = agentToolNames(node)
  if (transferTargets(visit).length > 0) names.push('transfer_to_agent')
  if (node.returns && node.tools.length > 0) names.push('set_model_response')
  return names
}

/** What {@link report} needs besides the visit, computed once for the whole tree (so explain stays linear). */
interface ReportIndex {
  readonly children: ReadonlyMap<NodeVisit, readonly NodeVisit[]>
  /** The issues inside each visit's subtree (at its path or below it), in the checker's order. */
  readonly issues: ReadonlyMap<NodeVisit, readonly CheckIssue[]>
}

function indexVisits(visits: readonly NodeVisit[], issues: readonly CheckIssue[]): ReportIndex {
  const children = new Map<NodeVisit, NodeVisit[]>()
  const byId = new Map<string, NodeVisit[]>()
  for (const visit of visits) {
    if (visit.parent) {
      const siblings = children.get(visit.parent)
      if (siblings) siblings.push(visit)
      else children.set(visit.parent, [visit])
    }
    const same = byId.get(visit.id)
    if (same) same.push(visit)
    else byId.set(visit.id, [visit])
  }
  const inside = new Map<NodeVisit, CheckIssue[]>()
  for (const issue of issues) {
    // The visits whose path is the issue's path or a prefix of it (whole segments).
    const at = formatPath(issue.path)
    for (let end = at.length; end >= 0; end = at.lastIndexOf('.', end - 1)) {
      for (const visit of byId.get(at.slice(0, end)) ?? []) {
        const list = inside.get(visit)
        if (list) list.push(issue)
        else inside.set(visit, [issue])
      }
      if (end === 0) break
    }
  }
  return { children, issues: inside }
}

function report(visit: NodeVisit, index: ReportIndex): ExplainReport {
  const { node } = visit
  const { kind, detail } = nodeLabel(node)
  const children = (index.children.get(visit) ?? []).map((child) => report(child, index))
  const base = {
    kind,
    name: node.name,
    path: visit.path,
    detail: detail ?? null,
    description: 'description' in node && node.description !== undefined ? node.description : null,
    children,
    issues: index.issues.get(visit) ?? [],
  }
  if (node.kind === 'agent') {
    const instruction = describeInstruction(node.instruction)
    return {
      ...base,
      model: describeModel(node),
      instruction: instruction.text ?? null,
      templateVariables: instruction.variables,
      dataFlow: dataFlowFields(node, isGraphMember(visit)),
      state: null,
      tools: agentTools(visit, node),
      callbacks: agentCallbacks(node),
      guards: guardLabels(node),
      middleware: middlewareNames(visit),
    }
  }
  const access = stateAccess(node)
  const declared =
    access.reads.length > 0 ||
    access.writes.length > 0 ||
    access.opaqueRead !== undefined ||
    access.opaqueWrite !== undefined
  return {
    ...base,
    model: null,
    instruction: null,
    templateVariables: { required: [], optional: [] },
    dataFlow: null,
    state: declared
      ? {
          reads: access.opaqueRead === undefined ? access.reads.map((read) => read.key) : null,
          writes: access.opaqueWrite === undefined ? access.writes.map((write) => write.key) : null,
        }
      : null,
    tools: [],
    callbacks: workflowCallbacks(node),
    guards: [],
    middleware: (node.middleware ?? []).map((plugin) => plugin.name),
    ...(node.kind === 'graph' ? { edges: graphEdgeLines(node) } : {}),
  }
}

/** The explain report of a tree: every node with its settings, and the contract issues of each subtree. */
export function explainReport(node: FlowNode, options: CheckOptions = {}): ExplainReport {
  const analysis = analyzeFlow(node, options)
  const issues = checkNode(node, options)
  // The walk always starts with the root's visit.
  return report(analysis.visits[0] as NodeVisit, indexVisits(analysis.visits, issues))
}
