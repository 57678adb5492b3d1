import { InternalError, type ConfigIssue } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import { analyzeFlow, type FlowAnalysis } from './flow-analysis.js'
import type { CheckIssue, CheckLevel, CheckOptions, CheckScope, NoticeIssue } from './check-issue.js'
import { checkGlobalInstructions, checkLostAnswers, checkOutputSchemas } from './check-agents.js'
import { checkStateReads } from './check-state-reads.js'
import { checkJudgeModels } from './check-guards.js'
import { checkDuplicateNames, checkShapes, checkStructure } from './check-structure.js'
import { checkParallelWrites, checkUnreadWrites } from './check-writes.js'

const levelRank: Readonly<Record<CheckLevel, number>> = { error: 0, warning: 1, info: 2 }

/** One contract check, and whether it can report an error (`build()` runs only those). */
type ContractCheck =
  | { readonly run: (analysis: FlowAnalysis, scope: CheckScope) => CheckIssue[]; readonly canFail: true }
  /** Typed to return warnings and infos only, so an error added to it later does not compile (build() skips it). */
  | { readonly run: (analysis: FlowAnalysis) => NoticeIssue[]; readonly canFail: false }

const contractChecks: readonly ContractCheck[] = [
  { run: checkStateReads, canFail: true },
  { run: checkParallelWrites, canFail: true },
  { run: checkLostAnswers, canFail: false },
  { run: checkOutputSchemas, canFail: true },
  { run: checkGlobalInstructions, canFail: false },
  { run: checkDuplicateNames, canFail: false },
  { run: checkShapes, canFail: false },
  { run: checkUnreadWrites, canFail: false },
  { run: checkJudgeModels, canFail: false },
]

/**
 * The contract issues of an analysed tree (not the structural ones `validateNode` finds), errors first; with scope
 * `'errors'`, only the error-level ones.
 */
export function contractIssues(analysis: FlowAnalysis, scope: CheckScope = 'all'): CheckIssue[] {
  const issues: CheckIssue[] = []
  for (const check of contractChecks) {
    if (scope === 'errors' && !check.canFail) continue
    for (const issue of check.canFail ? check.run(analysis, scope) : check.run(analysis))
      if (scope === 'all' || issue.level === 'error') issues.push(issue)
  }
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
  return contractIssues(analyzeFlow(node, options), 'errors').map((issue) => ({
    code: issue.code ?? missingCode(issue),
    path: issue.path,
    message: issue.hint ? `${issue.message} ${issue.hint}` : issue.message,
  }))
}

/** Every error the checker reports carries a code; one without is a bug in the checker. */
function missingCode(issue: CheckIssue): never {
  throw new InternalError(`The contract checker reported an error without a code: ${issue.message}`)
}
