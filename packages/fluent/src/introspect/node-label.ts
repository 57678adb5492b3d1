import { DEFAULT_MAX_PARALLEL_WORKERS } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import { formatArgument } from '../namespaces/shared/format-argument.js'

/** How the views name a node: its kind as users write it, and a short detail (`max 3`, `on intent`). */
export interface NodeLabel {
  /** `Agent`, `Pipeline`, `FanOut`, `Loop`, `Fallback`, `Route`, `Graph`, `Function`, `Join`, `ParallelWorker`, `Transform`, … */
  readonly kind: string
  readonly detail: string | undefined
}

function label(kind: string, detail?: string): NodeLabel {
  return { kind, detail }
}

function loopDetail(maxIterations: number | undefined, hasUntil: boolean): string {
  const parts = [
    hasUntil ? 'until a predicate holds' : undefined,
    maxIterations === undefined ? undefined : `max ${maxIterations}`,
  ]
  return parts.filter((part) => part !== undefined).join(', ') || 'no limit'
}

function graphDetail(maxConcurrency: number | undefined, maxSteps: number | undefined): string | undefined {
  const parts = [
    maxConcurrency === undefined ? undefined : `${maxConcurrency} at once`,
    maxSteps === undefined ? undefined : `max ${maxSteps} steps`,
  ]
  return parts.filter((part) => part !== undefined).join(', ') || undefined
}

const labels: NodeVisitor<NodeLabel> = {
  agent: () => label('Agent'),
  sequence: () => label('Pipeline'),
  parallel: () => label('FanOut'),
  loop: (node) => label('Loop', loopDetail(node.maxIterations, node.until !== undefined)),
  fallback: () => label('Fallback'),
  route: (node) => label('Route', `on ${node.key}`),
  'function-step': (node) => label('Function', `${node.fn.name || node.name}(state)`),
  'transform-step': (node) => label('Transform', node.transform.description),
  'artifact-step': (node) => label('Artifact', node.operation.description),
  tap: (node) => label('Tap', node.fn.name ? `${node.fn.name}(state)` : undefined),
  expect: (node) => label('Expect', formatArgument(node.message)),
  gate: (node) => label('Gate', `key ${node.key}`),
  race: () => label('Race'),
  timeout: (node) => label('Timeout', `${node.milliseconds} ms`),
  'map-over': (node) => label('MapOver', `${node.listKey} → ${node.outputKey}`),
  'remote-agent': (node) => label('RemoteAgent', `${node.protocol} ${node.url}`),
  graph: (node) => label('Graph', graphDetail(node.maxConcurrency, node.maxSteps)),
  'graph-function': (node) => label('Function', `${node.fn.name}(ctx, input)`),
  'graph-join': () => label('Join'),
  'graph-parallel-worker': (node) =>
    label(
      'ParallelWorker',
      `runs ${node.worker.inner.name} per item, ${node.worker.maxParallelWorkers ?? DEFAULT_MAX_PARALLEL_WORKERS} at once`,
    ),
}

/** The kind and detail of a node, for explain, graph and tree views. */
export function nodeLabel(node: FlowNode): NodeLabel {
  return visitNode(labels, node)
}

/** `name (Kind: detail)` / `name (Kind)`. */
export function formatNodeLabel(node: FlowNode): string {
  const { kind, detail } = nodeLabel(node)
  return detail === undefined ? `${node.name} (${kind})` : `${node.name} (${kind}: ${detail})`
}
