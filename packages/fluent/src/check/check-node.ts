import type { ConfigIssue } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { analyzeFlow, type FlowAnalysis } from './flow-analysis.js'
import type { CheckIssue, CheckLevel, CheckOptions } from './check-issue.js'
import { checkGlobalInstructions, checkLostAnswers, checkOutputSchemas } from './check-agents.js'
import { checkStateReads } from './check-state-reads.js'
import { checkJudgeModels } from './check-guards.js'
import { checkDuplicateNames, checkShapes, checkStructure } from './check-structure.js'
import { checkParallelWrites, checkUnreadWrites } from './check-writes.js'

const levelRank: Readonly<Record<CheckLevel, number>> = { error: 0, warning: 1, info: 2 }

/** The contract issues of an analysed tree (not the structural ones `validateNode` finds), errors first. */
export function contractIssues(analysis: FlowAnalysis): CheckIssue[] {
  const issues = [
    ...checkStateReads(analysis),
    ...checkParallelWrites(analysis),
    ...checkLostAnswers(analysis),
    ...checkOutputSchemas(analysis),
    ...checkGlobalInstructions(analysis),
    ...checkDuplicateNames(analysis),
    ...checkShapes(analysis),
    ...checkUnreadWrites(analysis),
    ...checkJudgeModels(analysis),
  ]
  return issues.sort((left, right) => levelRank[left.level] - levelRank[right.level])
}

/**
 * The contract checker over the whole tree: structural problems (errors `build()` also reports) and data-flow
 * contract issues, errors first. Never throws.
 */
export function checkNode(node: FlowNode, options: CheckOptions = {}): CheckIssue[] {
  const issues = [...checkStructure(node), ...contractIssues(analyzeFlow(node, options))]
  return issues.sort((left, right) => levelRank[left.level] - levelRank[right.level])
}

/** The error-level contract issues as `ConfigError` issues (message and hint), for `build()`. @internal */
export function contractErrors(node: FlowNode, options: CheckOptions = {}): ConfigIssue[] {
  return contractIssues(analyzeFlow(node, options))
    .filter((issue) => issue.level === 'error')
    .map((issue) => ({
      code: issue.code ?? 'contract_violation',
      path: issue.path,
      message: issue.hint ? `${issue.message} ${issue.hint}` : issue.message,
    }))
}
