import type { AgentNode } from '../ir/agent-node.js'
import { createCheckIssue, type NoticeIssue } from './check-issue.js'
import type { FlowAnalysis } from './flow-analysis.js'

/**
 * A `G.judge()` without a model: the agent's own model then judges its own answer (the same model that may have
 * produced the text), which is rarely what a guard should do. A warning: the guard still runs and fails closed.
 */
export function checkJudgeModels(analysis: FlowAnalysis): NoticeIssue[] {
  return analysis.visits.flatMap((visit): NoticeIssue[] => {
    if (visit.node.kind !== 'agent') return []
    const node = visit.node as AgentNode
    return node.guards.flatMap((guard, index) =>
      guard.judge && guard.judge.model === undefined
        ? [
            createCheckIssue({
              level: 'warning',
              agent: node.name,
              message: `guard "${guard.name}" of "${node.name}" is a G.judge() without a model, so the agent's own model would judge its own answers.`,
              hint: "Give the judge a model of its own: G.judge({ model: 'gemini-2.5-flash', criteria }).",
              path: [...visit.path, 'guards', index],
            }),
          ]
        : [],
    )
  })
}
