import type { ConfigIssue } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import { validateNode } from './validate-node.js'
import type { FlowAnalysis } from './flow-analysis.js'
import { createCheckIssue, type CheckIssue, type NoticeIssue } from './check-issue.js'
import { formatPath, type NodeVisit } from './node-visit.js'

/** The node an issue's path names: `critic` in `[…, 'critic', 'maxIterations']` and `[…, 'nodes', 2, 'critic']`. */
function agentOf(path: readonly (string | number)[]): string {
  const at = (offset: number) => path[path.length - offset]
  if (typeof at(2) === 'number') return String(at(1))
  if (typeof at(1) === 'number') return String(at(3) ?? path[0] ?? '')
  return path.length >= 2 ? String(at(2)) : String(path[0] ?? '')
}

/**
 * A structural problem `build()` rejects (empty workflows, a loop that cannot stop, clashing sibling names, a graph
 * that cannot run), as an error: its message and hint (split at the first sentence when it has no hint).
 */
function fromConfigIssue(issue: ConfigIssue): CheckIssue {
  const split = issue.hint === undefined ? issue.message.indexOf('. ') : -1
  return createCheckIssue({
    level: 'error',
    code: issue.code,
    agent: agentOf(issue.path),
    message: split < 0 ? issue.message : issue.message.slice(0, split + 1),
    hint: issue.hint ?? (split < 0 ? '' : issue.message.slice(split + 2)),
    path: issue.path,
  })
}

/** The structural problems of the tree, as `build()` reports them. */
export function checkStructure(root: FlowNode): CheckIssue[] {
  return validateNode(root).map(fromConfigIssue)
}

type ShapeCheck = (visit: NodeVisit) => Omit<NoticeIssue, 'agent' | 'path'> | undefined

function single(count: number, what: string, child: string, hint: string): ShapeCheck {
  return (visit) =>
    count === 1
      ? {
          level: 'info',
          message: `${what} "${visit.node.name}" has a single ${child}, so it adds nothing but a name.`,
          hint,
        }
      : undefined
}

const noCheck: ShapeCheck = () => undefined

const shapeChecks: NodeVisitor<ShapeCheck> = {
  agent: () => noCheck,
  sequence: (node) =>
    single(node.steps.length, 'Pipeline', 'step', 'Use the step itself, or add the steps that belong with it.'),
  parallel: (node) =>
    single(
      node.branches.length,
      'FanOut',
      'branch',
      'Use the branch itself, or add the branches that should run alongside it.',
    ),
  loop: (node) => (visit) =>
    node.until !== undefined && node.maxIterations === undefined
      ? {
          level: 'warning',
          message: `Loop "${visit.node.name}" stops only when its .until() predicate holds; if it never does, the loop never ends.`,
          hint: 'Add a limit with .maxIterations(n) (or .until(predicate, { max: n })).',
        }
      : undefined,
  fallback: (node) =>
    single(
      node.attempts.length,
      'Fallback',
      'attempt',
      'Add an alternative with .attempt(agent), or use the attempt itself.',
    ),
  route: () => noCheck,
  'function-step': () => noCheck,
  'transform-step': () => noCheck,
  'artifact-step': () => noCheck,
  tap: () => noCheck,
  expect: () => noCheck,
  gate: () => noCheck,
  race: () => noCheck,
  timeout: () => noCheck,
  'map-over': () => noCheck,
  'remote-agent': () => noCheck,
  graph: () => noCheck,
  'graph-function': () => noCheck,
  'graph-join': () => noCheck,
  'graph-parallel-worker': () => noCheck,
}

/** Workflows with one child (info) and loops limited only by a predicate (warning). */
export function checkShapes(analysis: FlowAnalysis): NoticeIssue[] {
  return analysis.visits.flatMap((visit): NoticeIssue[] => {
    const found = visitNode(shapeChecks, visit.node)(visit)
    return found ? [createCheckIssue({ ...found, agent: visit.node.name, path: visit.path })] : []
  })
}

/**
 * Different agents with the same user-given name in one tree (siblings are already a build error): events,
 * `transfer_to_agent` and `C.fromAgents()` refer to agents by name. The same builder used twice is fine.
 */
export function checkDuplicateNames(analysis: FlowAnalysis): NoticeIssue[] {
  const byName = new Map<string, NodeVisit[]>()
  for (const visit of analysis.visits) {
    if (visit.node.hasGeneratedName) continue
    const list = byName.get(visit.node.name) ?? []
    list.push(visit)
    byName.set(visit.node.name, list)
  }
  const issues: NoticeIssue[] = []
  for (const [name, visits] of byName) {
    const distinct = visits.filter((visit, index) => visits.findIndex((other) => other.node === visit.node) === index)
    const [first, ...others] = distinct
    if (!first) continue
    for (const other of others) {
      if (other.parent === first.parent) continue
      issues.push(
        createCheckIssue({
          level: 'warning',
          agent: name,
          message: `two different agents are named "${name}" (at ${formatPath(first.path)} and ${formatPath(other.path)}); events, transfer_to_agent and C.fromAgents() tell agents apart by name.`,
          hint: `Give one of them another name, for example Agent('${name}_2').`,
          path: other.path,
        }),
      )
    }
  }
  return issues
}
