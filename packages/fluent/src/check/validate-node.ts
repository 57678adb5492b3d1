import type { ConfigIssue } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { childList, isLeafAgent, nodeChildren } from '../ir/node-children.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import type { IssuePath } from '../parse/config-issue.js'
import { graphIssues } from './graph-issues.js'

/** Sibling nodes that become sub-agents of one core agent, so their user-given names must differ. */
function duplicateNames(label: string, siblings: readonly FlowNode[], path: IssuePath): ConfigIssue[] {
  if (siblings.length < 2 || !sharesAName(siblings)) return []
  const seen = new Map<string, number>()
  const issues: ConfigIssue[] = []
  const distinct = [...new Set(siblings)]
  distinct.forEach((node, index) => {
    if (node.hasGeneratedName) return
    const first = seen.get(node.name)
    if (first === undefined) {
      seen.set(node.name, index)
      return
    }
    issues.push({
      code: 'duplicate_name',
      path: [...path, label],
      message: `${label} ${first} and ${index} are both named "${node.name}"; agents under one parent need distinct names. Give one a new name, for example Agent('${node.name}_2').`,
    })
  })
  return issues
}

/**
 * True when two different sibling nodes have the same user-chosen name. Runs for every pipeline at every build(), so
 * the common case (all distinct) costs one map and no copy; the issues are worded only when it is true.
 */
function sharesAName(siblings: readonly FlowNode[]): boolean {
  const byName = new Map<string, FlowNode>()
  for (const node of siblings) {
    if (node.hasGeneratedName) continue
    const first = byName.get(node.name)
    if (first === undefined) byName.set(node.name, node)
    else if (first !== node) return true
  }
  return false
}

function empty(path: IssuePath, label: string, message: string): ConfigIssue[] {
  return [{ code: 'empty_workflow', path: [...path, label], message }]
}

const issuesByKind: NodeVisitor<ConfigIssue[], [IssuePath]> = {
  agent: (node, path) => duplicateNames('subAgents', node.subAgents, path),
  sequence: (node, path) =>
    node.steps.length === 0
      ? empty(path, 'steps', `Pipeline "${node.name}" has no steps. Add one with .step(agent) or .then(agent).`)
      : duplicateNames('steps', node.steps, path),
  parallel: (node, path) =>
    node.branches.length === 0
      ? empty(path, 'branches', `FanOut "${node.name}" has no branches. Add them with .branch(agent).`)
      : duplicateNames('branches', node.branches, path),
  loop: (node, path) => [
    ...(node.steps.length === 0
      ? empty(path, 'steps', `Loop "${node.name}" has no steps. Add one with .step(agent).`)
      : []),
    ...(node.maxIterations === undefined && node.until === undefined
      ? empty(
          path,
          'maxIterations',
          `Loop "${node.name}" can never stop: it has neither maxIterations nor until. Add .maxIterations(n) or .until((state) => …).`,
        )
      : []),
    ...duplicateNames('steps', node.steps, path),
  ],
  fallback: (node, path) =>
    node.attempts.length === 0
      ? empty(path, 'attempts', `Fallback "${node.name}" has nothing to try. Add attempts with .attempt(agent).`)
      : duplicateNames('attempts', node.attempts, path),
  route: (node, path) =>
    node.rules.length === 0 && node.otherwise === undefined
      ? empty(
          path,
          'branches',
          `Route on "${node.key}" has no branches. Add them with .eq(value, agent), .when(pred, agent), … or .otherwise(agent).`,
        )
      : duplicateNames(
          'branches',
          [...node.rules.map((rule) => rule.target), ...(node.otherwise ? [node.otherwise] : [])],
          path,
        ),
  'function-step': () => [],
  'transform-step': () => [],
  'artifact-step': () => [],
  tap: () => [],
  expect: () => [],
  gate: () => [],
  race: (node, path) => duplicateNames('racers', node.racers, path),
  timeout: () => [],
  'map-over': () => [],
  'remote-agent': () => [],
  graph: (node, path) => graphIssues(node, path),
  'graph-function': () => [],
  'graph-join': () => [],
  'graph-parallel-worker': () => [],
}

/**
 * Every structural problem in the tree below `node` (empty workflows, loops that cannot stop, routes without
 * branches, clashing sibling names, graphs whose edges cannot run: see `graphIssues`), each with its builder path such as `pipeline.steps.1.critic_loop.maxIterations`.
 */
export function validateNode(node: FlowNode, path: IssuePath = [node.name]): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  collectIssues(node, path, issues)
  return issues
}

function collectIssues(node: FlowNode, path: IssuePath, issues: ConfigIssue[]): void {
  for (const issue of visitNode(issuesByKind, node, path)) issues.push(issue)
  const list = childList(node)
  if (list) {
    list.nodes.forEach((child, index) => {
      // A leaf agent has no structural issue (no siblings below it) and no children: no path made for it.
      if (!isLeafAgent(child)) collectIssues(child, [...path, list.label, index, child.name], issues)
    })
    return
  }
  for (const child of nodeChildren(node)) {
    if (!isLeafAgent(child.node)) collectIssues(child.node, [...path, ...child.segments, child.node.name], issues)
  }
}
