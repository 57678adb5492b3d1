import type { FlowNode } from '../ir/flow-node.js'
import { branchLabel } from './branch-label.js'
import { dataEdges, type EdgeSource } from './data-edges.js'
import { analyzeFlow } from '../check/flow-analysis.js'
import { formatNodeLabel } from './node-label.js'
import type { NodeVisit } from '../check/node-visit.js'
import { stateAccess } from '../check/state-access.js'
import { graphEdgeLines } from './graph-edge-lines.js'

function keys(list: readonly string[]): string {
  return [...new Set(list)].join(', ')
}

/** `  reads: a, b?  writes: c` for a node's own state access (`?` marks optional reads). */
function accessNote(node: FlowNode): string {
  const access = stateAccess(node)
  const reads = access.reads.map((read) => (read.strength === 'optional' ? `${read.key}?` : read.key))
  const parts = [
    access.opaqueRead === undefined ? (reads.length > 0 ? `reads: ${keys(reads)}` : '') : 'reads: (not declared)',
    access.opaqueWrite === undefined
      ? access.writes.length > 0
        ? `writes: ${keys(access.writes.map((write) => write.key))}`
        : ''
      : 'writes: (not declared)',
  ].filter((part) => part.length > 0)
  return parts.length > 0 ? `  ${parts.join('  ')}` : ''
}

function treeLines(visit: NodeVisit, visits: readonly NodeVisit[], prefix: string): string[] {
  const children = visits.filter((candidate) => candidate.parent === visit)
  return children.flatMap((child, index) => {
    const lastChild = index === children.length - 1
    const label = branchLabel(visit, child)
    const line = `${prefix}${lastChild ? '└── ' : '├── '}${label ? `${label} → ` : ''}${formatNodeLabel(child.node)}${accessNote(child.node)}`
    return [line, ...treeLines(child, visits, `${prefix}${lastChild ? '    ' : '│   '}`)]
  })
}

function sourceName(source: EdgeSource): string {
  return typeof source === 'string' ? `(${source === 'initial' ? 'initial state' : 'not written'})` : source.node.name
}

/**
 * `.toAscii()`: the tree with box-drawing branches (each node as `name (Kind: detail)` with the keys it reads and
 * writes; route rules, fallback attempts, transfers and tools labelled), then a `Data flow:` list of
 * `producer --[key]--> consumer` lines (`(initial state)` and `(not written)` as sources where they apply); a graph
 * adds its edges (`from --[route]--> to`, `(back)` for an edge back to an earlier node).
 */
export function toAscii(root: FlowNode): string {
  const analysis = analyzeFlow(root)
  const rootVisit = analysis.visits[0] as NodeVisit
  const lines = [`${formatNodeLabel(root)}${accessNote(root)}`, ...treeLines(rootVisit, analysis.visits, '')]
  for (const visit of analysis.visits) {
    if (visit.node.kind !== 'graph') continue
    lines.push('', `Edges of ${visit.node.name}:`, ...graphEdgeLines(visit.node).map((line) => `  ${line}`))
  }
  const edges = dataEdges(analysis)
  if (edges.length > 0) {
    lines.push('', 'Data flow:')
    for (const edge of edges)
      lines.push(`  ${sourceName(edge.from)} --[${edge.keys.join(', ')}]--> ${edge.to.node.name}`)
  }
  return lines.join('\n')
}
