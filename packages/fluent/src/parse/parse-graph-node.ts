import { DEFAULT_ROUTE, isBaseNode, ParallelWorker, START, type RouteValue } from '@adk-fluent/core'
import { validateAgentName } from '@adk-fluent/core/internal'
import type { FlowNode } from '../ir/flow-node.js'
import { GRAPH_START } from '../ir/graph-edge.js'
import { GraphFunctionNode, type GraphFunction } from '../ir/graph-function-node.js'
import { GraphParallelWorkerNode } from '../ir/graph-parallel-worker-node.js'
import type { ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import type { StateTransform } from '../namespaces/state/state-transform.js'
import { throwConfigIssue, type IssuePath } from './config-issue.js'
import { describeValue } from './describe-value.js'
import { isNodeHolder, parseStep, type NodeHolder } from './parse-step.js'

/**
 * What a `Graph` takes as a node: a builder, an `S` transform, an `A` operation, a named function `(ctx, input)` or a
 * core `ParallelWorker`.
 */
export type GraphStepInput = NodeHolder | StateTransform | ArtifactOperation | GraphFunction | ParallelWorker

/** A node of a `Graph` or a reference to one: `'START'` (the entry) or the name of a node of the graph. */
export type GraphNodeInput = GraphStepInput | string

/** A node given to a graph method: the name edges use, and the node to add (none for `'START'` and names). */
export interface GraphNodeRef {
  readonly ref: string
  readonly member: FlowNode | undefined
}

const nodeHint =
  "A graph node is a builder (Agent(...), Pipeline(...), …), an S transform, an A operation, a named function (ctx, input) => …, a ParallelWorker, 'START' or the name of a node of the graph."

/**
 * A graph node argument as its reference and member. The same function given again is the member it became the first
 * time (`members`: the graph's members so far). @internal
 */
export function parseGraphNode(value: unknown, path: IssuePath, members: readonly FlowNode[]): GraphNodeRef {
  if (value === GRAPH_START || value === START) return { ref: GRAPH_START, member: undefined }
  if (typeof value === 'string') {
    if (value.trim() === '' || value !== value.trim())
      throwConfigIssue('node_invalid', path, `"${value}" is not a node name.`, nodeHint)
    return { ref: value, member: undefined }
  }
  if (typeof value === 'function' && !isNodeHolder(value)) {
    const known = members.find((member) => member.kind === 'graph-function' && member.fn === value)
    if (known) return { ref: known.name, member: known }
    const problem = value.name ? validateAgentName(value.name) : 'a graph node needs a name.'
    if (problem !== undefined) {
      throwConfigIssue(
        'node_invalid',
        path,
        `the function ${value.name ? `"${value.name}"` : '(anonymous)'} cannot name its node: ${problem}`,
        'Give it a name: function classify(ctx, input) { … }, or const classify = (ctx, input) => …',
      )
    }
    const member = GraphFunctionNode.create(value.name, value as GraphFunction)
    return { ref: member.name, member }
  }
  if (value instanceof ParallelWorker) {
    const known = members.find((member) => member.kind === 'graph-parallel-worker' && member.worker === value)
    const member = known ?? GraphParallelWorkerNode.create(value)
    return { ref: member.name, member }
  }
  if (isBaseNode(value))
    throwConfigIssue('node_invalid', path, `got a core node ("${value.name}"), but graph nodes are fluent.`, nodeHint)
  const known = members.find((member) => sourceOf(member) === value)
  if (known) return { ref: known.name, member: known }
  const member = parseStep(value, path)
  return { ref: member.name, member }
}

/** What an `S` transform's or `A` operation's step was made from (the same value given again is the same node). */
function sourceOf(member: FlowNode): unknown {
  if (member.kind === 'transform-step') return member.transform
  if (member.kind === 'artifact-step') return member.operation
  return undefined
}

/** A routing-map key as its route value: `'2'` → `2`, `'true'` → `true`, anything else as is (as core's chains). */
export function routeKey(key: string): RouteValue {
  if (/^-?\d+$/.test(key)) return Number(key)
  if (key === 'true' || key === 'false') return key === 'true'
  return key
}

/** The `route` of `.edge(from, to, route)`: a route value or a non-empty list of them. @internal */
export function parseRoutes(value: unknown, path: IssuePath): readonly RouteValue[] {
  const list: readonly unknown[] = Array.isArray(value) ? value : [value]
  const valid = (route: unknown) =>
    (typeof route === 'string' && route !== '') || typeof route === 'number' || typeof route === 'boolean'
  if (list.length === 0 || !list.every(valid)) {
    throwConfigIssue(
      'edge_invalid',
      path,
      `a route is a non-empty string, a number or a boolean (or a list of them), got ${describeValue(value)}.`,
      `For example .edge(critic, writer, 'revise'), or DEFAULT_ROUTE ('${DEFAULT_ROUTE}') for "when no other route matched".`,
    )
  }
  if (list.length > 1 && list.includes(DEFAULT_ROUTE))
    throwConfigIssue(
      'edge_invalid',
      path,
      'DEFAULT_ROUTE cannot be listed with other routes.',
      'Give it an edge of its own.',
    )
  return list as readonly RouteValue[]
}
