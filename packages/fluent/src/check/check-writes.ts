import type { FlowAnalysis, ReadRecord, WriteRecord } from './flow-analysis.js'
import { similarKey, viaWith } from './similar-key.js'
import { createCheckIssue, type CheckIssue, type NoticeIssue } from './check-issue.js'
import { isWithin, type NodeVisit } from './node-visit.js'

/** Two branches of one fan-out writing the same key: which value remains depends on timing. */
export function checkParallelWrites(analysis: FlowAnalysis): CheckIssue[] {
  const issues: CheckIssue[] = []
  const fanOuts = analysis.visits.filter((visit) => visit.node.kind === 'parallel')
  for (const fanOut of fanOuts) {
    const branches = analysis.visits.filter((visit) => visit.parent === fanOut)
    const firstWriter = new Map<string, { readonly branch: NodeVisit; readonly record: WriteRecord }>()
    for (const branch of branches) {
      const keys = new Set<string>()
      for (const record of analysis.writes) {
        if (!isWithin(record.visit, branch) || keys.has(record.write.key)) continue
        keys.add(record.write.key)
        const first = firstWriter.get(record.write.key)
        if (!first) {
          firstWriter.set(record.write.key, { branch, record })
          continue
        }
        const { key } = record.write
        issues.push(
          createCheckIssue({
            level: 'error',
            code: 'state_key_clash',
            agent: record.visit.node.name,
            message: `state key "${key}" is written by "${first.record.visit.node.name}" and "${record.visit.node.name}", two branches of FanOut "${fanOut.node.name}"; branches run concurrently, so which value remains is not fixed.`,
            hint: `Give each branch its own key (for example "${key}_${first.branch.node.name}" and "${key}_${branch.node.name}") and combine them after the FanOut (S.merge([...], { into: '${key}' })).`,
            path: [...record.visit.path, record.write.field],
          }),
        )
      }
    }
  }
  return issues
}

function readLater(analysis: FlowAnalysis, record: WriteRecord): boolean {
  const { visit } = record
  return analysis.opaqueReaders.some(
    (reader) => reader.order > visit.order || visit.loops.some((loop) => isWithin(reader, loop)),
  )
}

/**
 * Keys written and never read: no read anywhere in the tree (`.reads()`, templates, routes, transform reads, context
 * keys, `mapOver` lists), the writer is not the flow's last step, and no function or predicate runs after it (which
 * might read it). Reported as info.
 */
export function checkUnreadWrites(analysis: FlowAnalysis): NoticeIssue[] {
  const readKeys = new Set(analysis.reads.map((record) => record.read.key))
  let unwritten: ReadonlyMap<string, ReadRecord> | undefined
  const reported = new Set<string>()
  const issues: NoticeIssue[] = []
  for (const record of analysis.writes) {
    const { key, via, field, forCaller } = record.write
    if (forCaller || readKeys.has(key) || record.visit.terminal || readLater(analysis, record)) continue
    const id = `${record.visit.id}\u0000${key}`
    if (reported.has(id)) continue
    reported.add(id)
    issues.push(
      createCheckIssue({
        level: 'info',
        agent: record.visit.node.name,
        message: `state key "${key}" is written by "${record.visit.node.name}" (${via}) but no later step reads it.`,
        hint:
          nearMissHint(key, (unwritten ??= unwrittenReads(analysis))) ??
          `Read it where it is needed (.reads('${key}') or {${key}} in an instruction), or stop writing it.`,
        path: [...record.visit.path, field],
      }),
    )
  }
  return issues
}

/** The reads of keys that nothing writes (nor the initial state holds), by key: the typos of written keys. */
function unwrittenReads(analysis: FlowAnalysis): ReadonlyMap<string, ReadRecord> {
  const written = new Set([...analysis.writes.map((record) => record.write.key), ...analysis.initialState])
  const reads = new Map<string, ReadRecord>()
  for (const record of analysis.reads) {
    if (!written.has(record.read.key) && !reads.has(record.read.key)) reads.set(record.read.key, record)
  }
  return reads
}

/** When a step reads a near miss of the unread key that nothing writes: the fix on the reader's side. */
function nearMissHint(key: string, unwritten: ReadonlyMap<string, ReadRecord>): string | undefined {
  for (const [read, record] of unwritten) {
    if (similarKey(read, [key]) !== key) continue
    const fixed = viaWith(record.read.via, read, key)
    const reader = record.visit.node.name
    return `"${reader}" reads '${read}' (${record.read.via}), which nothing writes: read '${key}' there${fixed ? ` (${fixed})` : ''}.`
  }
  return undefined
}
