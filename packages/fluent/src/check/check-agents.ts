import type { AgentNode } from '../ir/agent-node.js'
import type { FlowAnalysis } from './flow-analysis.js'
import { createCheckIssue, type CheckIssue, type NoticeIssue } from './check-issue.js'
import { hiddenAnswerReason } from './answer-visibility.js'
import { createFlowEnds } from './flow-ends.js'
import type { NodeVisit } from './node-visit.js'
import { transferTargets } from './transfer-targets.js'

function lostAnswer(producer: NodeVisit, consumer: NodeVisit): NoticeIssue | undefined {
  const from = producer.node as AgentNode
  const to = consumer.node as AgentNode
  if (from.writes !== undefined || from === to) return undefined
  const reason = hiddenAnswerReason(to, from.name)
  if (!reason) return undefined
  return createCheckIssue({
    level: 'warning',
    agent: from.name,
    message: `"${from.name}" has no .writes() and the next agent, "${to.name}", does not see the conversation (${reason}), so the answer of "${from.name}" never reaches "${to.name}".`,
    hint: `Store the answer with .writes('${from.name}_output') on "${from.name}" and add that key to the .reads(...) of "${to.name}", or keep the history with .reads([...], { keepHistory: true }).`,
    path: [...producer.path, 'writes'],
  })
}

/**
 * An agent without `.writes()` followed (in a pipeline, or around a loop) by an agent that does not see the
 * conversation: the first agent's answer cannot reach the second. A warning: the answer still reaches the user.
 */
export function checkLostAnswers(analysis: FlowAnalysis): NoticeIssue[] {
  const { entries, exits, childrenOf, order } = createFlowEnds(analysis.visits)
  const issues: NoticeIssue[] = []
  for (const visit of analysis.visits) {
    const { ordered, wraps } = order(visit)
    if (!ordered) continue
    const steps = childrenOf(visit)
    const pairs: [number, number][] = []
    const withAgents = steps.map((step, index) => ({ index, entries: entries(step), exits: exits(step) }))
    const firstConsumer = withAgents.find((step) => step.entries.length > 0)
    // The next step (after each index) that has agents to receive an answer, found in one backward pass.
    const nextConsumer: (typeof firstConsumer)[] = new Array(withAgents.length)
    let upcoming: typeof firstConsumer = undefined
    for (let index = withAgents.length - 1; index >= 0; index--) {
      nextConsumer[index] = upcoming
      const step = withAgents[index]
      if (step && step.entries.length > 0) upcoming = step
    }
    for (const step of withAgents) {
      if (step.exits.length === 0) continue
      const next = nextConsumer[step.index] ?? (wraps ? firstConsumer : undefined)
      if (next && next.index !== step.index) pairs.push([step.index, next.index])
    }
    for (const [from, to] of pairs) {
      for (const producer of withAgents[from]?.exits ?? []) {
        for (const consumer of withAgents[to]?.entries ?? []) {
          const issue = lostAnswer(producer, consumer)
          if (issue) issues.push(issue)
        }
      }
    }
  }
  return issues
}

/**
 * `.returns()` on an agent that can transfer (JSON mode plus the `transfer_to_agent` tool, which Gemini API models reject: warning).
 */
export function checkOutputSchemas(analysis: FlowAnalysis): CheckIssue[] {
  const issues: CheckIssue[] = []
  for (const visit of analysis.visits) {
    const node = visit.node
    if (node.kind !== 'agent' || node.returns === undefined) continue
    if (node.subAgents.length > 0) {
      issues.push(
        createCheckIssue({
          level: 'error',
          code: 'options_conflict',
          agent: node.name,
          message: `"${node.name}" has .returns() and .subAgents(): an agent with an output schema answers itself and never transfers (ADK rejects this combination).`,
          hint: 'Move the sub-agents to another agent, or put .returns() on the sub-agent that gives the structured answer.',
          path: [...visit.path, 'returns'],
        }),
      )
      continue
    }
    // With tools, core sends the answer through set_model_response: correct, nothing to report (dataFlow() and
    // llmAnatomy() show it), so `expect(check()).toEqual([])` holds for a correct tools + schema agent.
    if (node.tools.length > 0) continue
    const targets = transferTargets(visit)
    if (targets.length === 0) continue
    issues.push(
      createCheckIssue({
        level: 'warning',
        agent: node.name,
        message: `"${node.name}" has .returns() and can transfer to ${targets.map((target) => `"${target}"`).join(', ')}: its request asks for JSON output (responseMimeType 'application/json') and offers the transfer_to_agent tool, which Gemini API models reject ("Function calling with a response mime type: 'application/json' is unsupported").`,
        hint: 'Put .returns() on an agent without transfer targets (no .subAgents(); .isolate() under an LLM parent), or add a tool so core switches to set_model_response.',
        path: [...visit.path, 'returns'],
      }),
    )
  }
  return issues
}

/** `.globalInstruct()` anywhere but on a root agent: core uses only the root agent's global instruction. */
export function checkGlobalInstructions(analysis: FlowAnalysis): NoticeIssue[] {
  const root = analysis.root
  return analysis.visits.flatMap((visit): NoticeIssue[] => {
    const node = visit.node
    if (node.kind !== 'agent' || node.globalInstruction === undefined || visit.parent === undefined) return []
    const where =
      root.kind === 'agent'
        ? `only the root agent's ("${root.name}") applies`
        : `only a root LLM agent's applies, and the root "${root.name}" is a workflow`
    return [
      createCheckIssue({
        level: 'warning',
        agent: node.name,
        message: `.globalInstruct() on "${node.name}" has no effect: ${where}.`,
        hint:
          root.kind === 'agent'
            ? `Move it to "${root.name}", or use .static() or .instruct() on "${node.name}".`
            : `Use .static() or .instruct() on "${node.name}" instead.`,
        path: [...visit.path, 'globalInstruct'],
      }),
    ]
  })
}
