import type { FlowAnalysis, ReadRecord, WriteRecord } from './flow-analysis.js'
import { isWithin, type NodeVisit } from './node-visit.js'

/** Where a key stands at a read when nothing before it has written it. */
export type UnavailableRead =
  | { readonly kind: 'loop-later'; readonly writer: WriteRecord; readonly loop: NodeVisit }
  | { readonly kind: 'sibling'; readonly writer: WriteRecord; readonly fanOut: NodeVisit }
  | { readonly kind: 'later'; readonly writer: WriteRecord }
  | { readonly kind: 'elsewhere'; readonly writer: WriteRecord }
  | { readonly kind: 'self' }
  | { readonly kind: 'nowhere' }

/**
 * Why a read finds nothing written before it: the key is written later in an enclosing loop, by a sibling fan-out
 * branch, by a step that runs later, by a step on another branch (`elsewhere`), only by the reading step itself (`self`), or nowhere.
 */
export function classifyRead(record: ReadRecord, allWriters: readonly WriteRecord[]): UnavailableRead {
  for (const loop of record.visit.loops) {
    const writer = allWriters.find((candidate) => isWithin(candidate.visit, loop))
    if (writer) return { kind: 'loop-later', writer, loop }
  }
  // Outside loops, a step's own write comes after its read (a later turn may see it, this one does not).
  const writers = allWriters.filter((candidate) => candidate.visit !== record.visit)
  for (const { fanOut, branchId } of record.branches) {
    const writer = writers.find(
      (candidate) =>
        isWithin(candidate.visit, fanOut) &&
        candidate.visit.id !== branchId &&
        !candidate.visit.id.startsWith(`${branchId}.`),
    )
    if (writer) return { kind: 'sibling', writer, fanOut }
  }
  const later = writers.find((candidate) => candidate.visit.order > record.visit.order)
  if (later) return { kind: 'later', writer: later }
  const [elsewhere] = writers
  if (elsewhere) return { kind: 'elsewhere', writer: elsewhere }
  return allWriters.length > 0 ? { kind: 'self' } : { kind: 'nowhere' }
}

/**
 * A step whose writes the checker cannot see and that may have written the key of a read: the last such step before
 * it, or one in an enclosing loop (which runs before it from the second iteration on).
 */
export function possibleOpaqueWriter(record: ReadRecord, analysis: FlowAnalysis): NodeVisit | undefined {
  if (record.opaqueBefore) return record.opaqueBefore
  for (const loop of record.visit.loops) {
    const writer = analysis.opaqueWriters.find((candidate) => isWithin(candidate, loop))
    if (writer) return writer
  }
  return undefined
}
