/**
 * A support reply as a graph workflow (`Graph`, which builds `@google/adk` 2.0's `Workflow`):
 * - `classify` decides at run time which way the graph goes: its answer (`complaint` or `question`) is its route;
 * - a complaint fans out to `facts` and `mood`, joined by `assessed` — a join after a conditional branch (both
 *   branches run on the same route, so the join always completes);
 * - `pickTone`, a function node, decides at run time which child to run (`ctx.runNode`): a soothing or a friendly
 *   tone advisor, by the mood the join handed it;
 * - `writer` and `reviewer` form a cycle: the reviewer sends the draft back until it approves (`.maxSteps(20)`
 *   bounds it), and `send` ends the run with the approved reply.
 */
import type { BaseLlm } from '@adk-fluent/core'
import { text } from '@adk-fluent/core/testing'
import { Agent, C, Graph, type GraphNodeContext } from '@adk-fluent/fluent'
import { z } from 'zod'
import type { Example } from '../shared/example.js'

/** Builds the support-reply graph on a model. */
export function createSupportReply(model: string | BaseLlm) {
  const classify = Agent('classify', model)
    .instruct('Is the customer message a complaint or a question?')
    .context(C.capture('message'))
    .returns(z.enum(['complaint', 'question']))
  const facts = Agent('facts', model)
    .instruct('List the facts of this complaint in one line: {message}')
    .writes('facts')
  const mood = Agent('mood', model)
    .instruct('How does the customer feel? {message}')
    .returns(z.enum(['angry', 'calm']))
    .writes('mood')
  const soothing = Agent('soothing', model)
    .instruct('In one sentence: how should we answer an upset customer about this? {facts}')
    .writes('tone')
  const friendly = Agent('friendly', model)
    .instruct('In one sentence: how should we answer a calm customer about this? {facts}')
    .writes('tone')
  // The join's output is { facts: …, mood: … }: the mood picks the advisor.
  async function pickTone(ctx: GraphNodeContext, assessed: { readonly mood?: string }) {
    const advisor = assessed.mood === 'angry' ? soothing : friendly
    return (await ctx.runNode(advisor, 'How should we answer?')).output
  }
  const writer = Agent('writer', model)
    .instruct('Write a two-sentence reply to this customer message: {message}\nFacts: {facts?}\nTone: {tone?}')
    .writes('draft')
  const reviewer = Agent('reviewer', model)
    .instruct('Is this reply ready to send to the customer?\n{draft}')
    .returns(z.enum(['approve', 'revise']))
    .writes('verdict')
  function send(ctx: GraphNodeContext) {
    return `Sent: ${String(ctx.state.get('draft'))}`
  }
  return Graph('support_reply')
    .chain('START', classify, { complaint: [facts, mood], question: writer })
    .join('assessed', facts, mood)
    .chain('assessed', pickTone, writer, reviewer)
    .routes(reviewer, { revise: writer, approve: send })
    .maxSteps(20)
}

export const example: Example = {
  name: 'graph-workflow',
  description: 'A Graph: a routing agent, a join after a conditional fan-out, a run-time choice and a review cycle.',
  defaultPrompt: 'You charged me twice for order 42 and nobody answers my emails!',
  script: {
    classify: [text('"complaint"')],
    facts: [text('Order 42 was charged twice; emails were not answered.')],
    mood: [text('"angry"')],
    soothing: [text('Apologise first, then say exactly when the refund arrives.')],
    friendly: [text('Thank them, then answer plainly.')],
    writer: [
      text('We refunded the duplicate charge.'),
      text(
        'We are sorry for the double charge on order 42 and the silence. The refund reaches your card within 3 days.',
      ),
    ],
    reviewer: [text('"revise"'), text('"approve"')],
  },
  create: createSupportReply,
}
