import type { CheckIssue } from '../check/check-issue.js'
import { formatPath } from '../check/node-visit.js'

/**
 * Contract issues as text, one per entry: `[ERROR] critic: <message>` with `Hint:` and `Path:` lines aligned under
 * the message; `indent` is put before every line.
 */
export function formatIssues(issues: readonly CheckIssue[], indent = ''): string[] {
  return issues.flatMap((issue) => {
    const tag = `[${issue.level.toUpperCase()}] `
    const under = `${indent}${' '.repeat(tag.length)}`
    return [
      `${indent}${tag}${issue.agent}: ${issue.message}`,
      ...(issue.hint ? [`${under}Hint: ${issue.hint}`] : []),
      `${under}Path: ${formatPath(issue.path)}`,
    ]
  })
}
