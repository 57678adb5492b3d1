import { dataFlowLines } from './data-flow.js'
import type { ExplainReport } from './explain-report.js'
import { formatIssues } from './format-issues.js'
import { labelled } from './text-block.js'

function list(label: string, items: readonly string[]): string {
  return items.length > 0 ? `${label} (${items.length}): ${items.join(', ')}` : `${label}: (none)`
}

function callbacks(counts: ExplainReport['callbacks']): string {
  const entries = Object.entries(counts)
  return entries.length > 0
    ? `Callbacks: ${entries.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`
    : 'Callbacks: (none)'
}

function variables(report: ExplainReport): string {
  const { required, optional } = report.templateVariables
  const parts = [
    required.length > 0 ? `required: ${required.join(', ')}` : undefined,
    optional.length > 0 ? `optional: ${optional.join(', ')}` : undefined,
  ]
  const text = parts.filter((part) => part !== undefined).join('; ')
  return `Template variables: ${text || '(none)'}`
}

function bodyLines(report: ExplainReport, indent: string): string[] {
  const lines: string[] = []
  if (report.description !== null) lines.push(...labelled(indent, 'Description: ', 13, report.description))
  if (report.dataFlow) {
    lines.push(`${indent}Model: ${report.model ?? ''}`)
    lines.push(...labelled(indent, 'Instruction: ', 13, report.instruction ?? '(not set)'))
    lines.push(`${indent}${variables(report)}`, `${indent}Data flow:`, ...dataFlowLines(report.dataFlow, `${indent}  `))
    lines.push(`${indent}${list('Tools', report.tools)}`)
    if (report.guards.length > 0) lines.push(`${indent}${list('Guards', report.guards)}`)
  }
  if (report.middleware.length > 0) lines.push(`${indent}${list('Middleware', report.middleware)}`)
  if (report.state) {
    lines.push(
      `${indent}Reads: ${report.state.reads === null ? '(not declared)' : report.state.reads.join(', ') || '(none)'}`,
    )
    lines.push(
      `${indent}Writes: ${report.state.writes === null ? '(not declared)' : report.state.writes.join(', ') || '(none)'}`,
    )
  }
  const container = report.dataFlow !== null || report.children.length > 0
  if (container || Object.keys(report.callbacks).length > 0) lines.push(`${indent}${callbacks(report.callbacks)}`)
  if (container)
    lines.push(
      `${indent}${list(
        'Children',
        report.children.map((child) => child.name),
      )}`,
    )
  if (report.edges)
    lines.push(`${indent}Edges (${report.edges.length}):`, ...report.edges.map((edge) => `${indent}  ${edge}`))
  return lines
}

function headerLine(report: ExplainReport, indent: string): string {
  return `${indent}${report.kind}: ${report.name}${report.detail === null ? '' : ` (${report.detail})`}`
}

function nodeText(report: ExplainReport, indent: string): string[] {
  return [headerLine(report, indent), ...bodyLines(report, `${indent}  `), ...childrenText(report, indent)]
}

function childrenText(report: ExplainReport, indent: string): string[] {
  return report.children.flatMap((child) => ['', ...nodeText(child, `${indent}  `)])
}

/**
 * `.explain()` as text: the node's kind and name, then model, instruction, template variables, data flow, tools
 * (agents), the state keys of other steps, callbacks, children, and the contract issues of the whole tree; each child
 * follows, indented.
 */
export function formatExplain(report: ExplainReport): string {
  const issues =
    report.issues.length > 0
      ? [`  Contract issues (${report.issues.length}):`, ...formatIssues(report.issues, '    ')]
      : ['  Contract issues: (none)']
  return [headerLine(report, ''), ...bodyLines(report, '  '), ...issues, ...childrenText(report, '')].join('\n')
}
