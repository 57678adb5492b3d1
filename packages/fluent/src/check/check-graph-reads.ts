import type { FlowAnalysis } from './flow-analysis.js'
import { createCheckIssue, type CheckIssue, type CheckScope } from './check-issue.js'

/**
 * Reads in a graph of a key that some path into the reading node leaves unwritten (`ReadRecord.unwrittenOn`): an
 * error for a `{key}` template (the run fails on that path), a warning for an expected read (`.reads()`, a route key:
 * absent on that path); `{key?}` reads are fine.
 */
export function checkGraphReads(analysis: FlowAnalysis, scope: CheckScope = 'all'): CheckIssue[] {
  const issues: CheckIssue[] = []
  for (const record of analysis.reads) {
    const path = record.unwrittenOn
    const { key, strength, via } = record.read
    if (path === undefined || strength === 'optional') continue
    if (scope === 'errors' && strength !== 'required') continue
    const reader = record.visit.node.name
    const on = path.length > 0 ? `on the path ${path.join(' → ')}` : 'on some path into it'
    const writer =
      typeof record.source === 'object' ? ` (only "${record.source.node.name}" writes it, on other paths)` : ''
    issues.push(
      createCheckIssue({
        code: 'graph_state_unwritten_path',
        level: strength === 'required' ? 'error' : 'warning',
        agent: reader,
        message: `state key "${key}" is read by "${reader}" (${via}) but nothing writes it ${on}${writer}${strength === 'required' ? ', where the run fails' : ', where it is absent'}.`,
        hint: `Write "${key}" on every path into "${reader}", read it as optional ({${key}?}), or declare it with .initialState('${key}') if the caller provides it.`,
        path: [...record.visit.path, record.read.field],
      }),
    )
  }
  return issues
}
