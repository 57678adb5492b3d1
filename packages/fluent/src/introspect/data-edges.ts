import { classifyRead, possibleOpaqueWriter } from '../check/classify-read.js'
import type { FlowAnalysis } from '../check/flow-analysis.js'
import type { NodeVisit } from '../check/node-visit.js'

/** Where the value a step reads comes from: a step, the initial state, or nothing (`missing`). */
export type EdgeSource = NodeVisit | 'initial' | 'missing'

/** A data-flow edge: `to` reads `keys` that `from` wrote (producer → consumer). */
export interface DataEdge {
  readonly from: EdgeSource
  readonly to: NodeVisit
  readonly keys: readonly string[]
}

function sourceId(source: EdgeSource): string {
  return typeof source === 'string' ? `(${source})` : source.id
}

/**
 * The data-flow edges of a tree, one per producer and consumer with every key between them: a read is linked to the
 * step whose write it sees (in a loop, also to a later step of the loop that writes it for the next iteration), to
 * the initial state, to a plain function or opaque transform before it that may write it (the key marked
 * `(maybe)`), or to `missing` when nothing provides it (optional reads are left out then).
 */
export function dataEdges(analysis: FlowAnalysis): DataEdge[] {
  const edges = new Map<string, { from: EdgeSource; to: NodeVisit; keys: string[] }>()
  const add = (from: EdgeSource, to: NodeVisit, key: string) => {
    const id = `${sourceId(from)}\u0000${to.id}`
    const edge = edges.get(id) ?? { from, to, keys: [] }
    if (!edge.keys.includes(key)) edge.keys.push(key)
    edges.set(id, edge)
  }
  for (const record of analysis.reads) {
    const { key, strength } = record.read
    if (record.source !== undefined) {
      // A step reading its own write (an artifact operation after the reply) is no edge between steps.
      if (record.source !== record.visit) add(record.source, record.visit, key)
      continue
    }
    const found = classifyRead(
      record,
      analysis.writes.filter((write) => write.write.key === key),
    )
    const opaque = possibleOpaqueWriter(record, analysis)
    if (found.kind === 'loop-later') add(found.writer.visit, record.visit, key)
    else if (opaque) add(opaque, record.visit, `${key} (maybe)`)
    else if (strength !== 'optional') add('missing', record.visit, key)
  }
  return [...edges.values()]
}
